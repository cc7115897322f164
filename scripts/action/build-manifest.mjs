// The kit's package.json cut down to what building it needs (the runtime dependencies and the build tools), so the
// action installs about 100 packages instead of every development tool; versions still come from the kit's lockfile.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The development tools `npm run build` calls: the spec bundler, the type generator, tsx and the compiler. */
export const BUILD_TOOLS = ['@redocly/cli', 'openapi-typescript', 'tsx', 'typescript', '@types/node'];

/**
 * The manifest to build with: the same package, its development dependencies narrowed to BUILD_TOOLS.
 * @param {{ devDependencies?: Record<string, string> }} manifest the kit's package.json
 */
export function buildManifest(manifest) {
  const dev = manifest.devDependencies ?? {};
  const missing = BUILD_TOOLS.filter((name) => !(name in dev));
  // A tool dropped from package.json must fail here, not as a puzzling error half-way through the build.
  if (missing.length) throw new Error(`package.json has no devDependency ${missing.join(', ')}: update BUILD_TOOLS.`);
  return { ...manifest, devDependencies: Object.fromEntries(BUILD_TOOLS.map((name) => [name, dev[name]])) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  process.stdout.write(`${JSON.stringify(buildManifest(manifest), null, 2)}\n`);
}
