// The package.json the kit ships, made from the checkout's: without what only a checkout uses, its scripts (npm
// warns every consumer about a `prepare` script) and its development dependencies. The action's install step runs
// it too: `tsx scripts/package/shipped-manifest.ts package.json > shipped.json`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shipped manifest: the same package, its `scripts` and `devDependencies` left out. */
export function shippedManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  const { scripts: _scripts, devDependencies: _devDependencies, ...shipped } = manifest;
  return shipped;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, unknown>;
  process.stdout.write(`${JSON.stringify(shippedManifest(manifest), null, 2)}\n`);
}
