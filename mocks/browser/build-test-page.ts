// Builds the browser test's page into a fresh temp dir: the page entry bundled
// by esbuild, an index.html that loads it, and MSW's worker script next to it.
// Nothing generated here is committed.
import { build } from 'esbuild';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./test-page/page-entry.ts', import.meta.url));

/** Where `msw` keeps the service worker script that `worker.start()` registers. */
export function mswWorkerScriptPath(): string {
  return createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>bucketkit MSW browser test</title></head>
  <body><p id="status">starting the mock worker</p><script type="module" src="/page.js"></script></body>
</html>
`;

export interface BuiltPage {
  dir: string;
  remove(): Promise<void>;
}

/** Bundles the page (browser platform, ESM) and returns its directory. */
export async function buildTestPage(): Promise<BuiltPage> {
  const dir = await mkdtemp(join(tmpdir(), 'bucketkit-msw-page-'));
  try {
    await build({
      entryPoints: [ENTRY],
      outfile: join(dir, 'page.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'chrome120',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    await writeFile(join(dir, 'index.html'), INDEX_HTML);
    await copyFile(mswWorkerScriptPath(), join(dir, 'mockServiceWorker.js'));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
