// Fast `npm start`: runs mocks/cli.ts from one bundled file that esbuild builds
// into .bucketkit/ (again whenever a source is newer), so a cold start pays
// neither TypeScript compilation nor resolving hundreds of modules.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bundle = join(root, '.bucketkit', 'mock-cli.mjs');
const sources = [
  'mocks/cli.ts',
  'mocks/app',
  'mocks/core',
  'mocks/world',
  'mocks/store',
  'mocks/handlers',
  'mocks/faults',
  'mocks/fixtures',
  'mocks/scenarios',
  'mocks/observe',
  'mocks/profile',
  'mocks/http',
  'openapi/contract',
  // --write-config writes the suite's config: its format and key naming come from the suite.
  'conformance/embedded',
  'conformance/config',
  'conformance/http',
  'package-lock.json',
];

function newestSourceMs() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of sources) if (existsSync(join(root, source))) visit(join(root, source));
  return newest;
}

if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSourceMs()) {
  const { buildSync } = await import('esbuild');
  mkdirSync(join(root, '.bucketkit'), { recursive: true });
  buildSync({
    entryPoints: [join(root, 'mocks/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Written aside and renamed, so a concurrent start never imports half a file.
    outfile: `${bundle}.${process.pid}.tmp`,
    logLevel: 'warning',
    // The spec loader finds openapi/dist/openapi.json relative to its own source file.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(root, 'openapi/contract/load-spec.ts')).href) },
    banner: {
      js: `import { createRequire as __bucketkitRequire } from 'node:module'; const require = __bucketkitRequire(${JSON.stringify(pathToFileURL(join(root, 'package.json')).href)});`,
    },
  });
  renameSync(`${bundle}.${process.pid}.tmp`, bundle);
}
// The mock prints its usage as it was invoked.
process.env.BUCKETKIT_INVOKED_AS = 'npm start --';
await import(pathToFileURL(bundle).href);
