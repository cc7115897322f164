// `npm run build`: compiles the kit into dist/ (ESM JavaScript and .d.ts) for the package, from the same sources a checkout runs.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rewriteDeclarationSpecifiers, unresolvedRelativeImports } from './module-specifiers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
/** Source folders whose plain JavaScript assets (read by path at run time) are copied beside the compiled files. */
const ASSET_DIRS = ['mocks', 'conformance', 'openapi/contract'];
const ASSET_EXTENSIONS = ['.cjs'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : filesUnder(path);
    return [path];
  });
}

function compile(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${result.status}).`);
}

/** Builds dist/ and returns the number of files in it; throws with the fix when something is missing. */
export function buildPackage(): number {
  for (const generated of ['openapi/dist/openapi.json', 'openapi/dist/api-types.ts'])
    if (!existsSync(join(ROOT, generated))) throw new Error(`${generated} is missing: run "npm run build:spec" first.`);
  rmSync(DIST, { recursive: true, force: true });
  compile();
  for (const source of ASSET_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir)))) {
    if (!ASSET_EXTENSIONS.some((ext) => source.endsWith(ext))) continue;
    const target = join(DIST, relative(ROOT, source));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
  }
  const files = filesUnder(DIST);
  // tsc rewrites `.ts` specifiers in JavaScript only; declarations must name the `.d.ts` files' `.js` twins too.
  for (const file of files.filter((f) => f.endsWith('.d.ts')))
    writeFileSync(file, rewriteDeclarationSpecifiers(readFileSync(file, 'utf8')));
  const broken = files
    .filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))
    .flatMap((file) => unresolvedRelativeImports(file, readFileSync(file, 'utf8')).map((spec) => `${relative(ROOT, file)}: ${spec}`));
  if (broken.length) throw new Error(`Compiled modules import files that are not in dist/:\n  ${broken.join('\n  ')}`);
  return files.length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const count = buildPackage();
    console.log(`dist/: ${count} files`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
