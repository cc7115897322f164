// `npm run test:package`: packs the kit (or takes the one packed from the same sources) and checks the tarball:
// publint, Are the Types Wrong (ESM-only), the file list, the shipped package.json, and runtime dependencies that are
// exactly what the compiled code imports. Counts go to reports/package-results.json.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { reachableDeclarations } from './module-specifiers.ts';
import { dependencyProblems, fileListProblems, type Manifest } from './package-contents.ts';
import { KIT_ROOT, sharedPackedKit, type PackedKit } from './pack-kit.ts';
import { runCommand, tail } from './run-command.ts';
import { Steps } from './steps.ts';

/** Runs a lint tool found on PATH (node_modules/.bin under npm run); a missing tool says how to add it. */
async function lint(tool: string, version: string, args: string[]): Promise<string> {
  const result = await runCommand(tool, args, { cwd: KIT_ROOT }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error(`${tool} is not installed: npm install --save-dev -E ${tool}@${version}`);
    throw error;
  });
  if (result.code !== 0) throw new Error(`${tool} exit ${result.code}:\n${tail(result.output, 40)}`);
  return result.output;
}

/** Every compiled module of the unpacked package at `root`, and the declarations a consumer's tsc can reach from the exports' `types`. */
function compiledSources(root: string, manifest: Manifest): string[] {
  const read = (file: string) => readFileSync(file, 'utf8');
  const modules = readdirSync(join(root, 'dist'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
  const typeEntries = Object.values(manifest.exports).flatMap((target) =>
    typeof target === 'string' || !target.types ? [] : [join(root, target.types)],
  );
  return [...modules, ...reachableDeclarations(typeEntries, read).filter((file) => file.endsWith('.d.ts'))].map(read);
}

async function main(): Promise<number> {
  const steps = new Steps();
  const unpacked = mkdtempSync(join(tmpdir(), 'bucketkit-unpacked-'));
  const root = join(unpacked, 'package');
  let packed: PackedKit | undefined;
  let shipped: Manifest & { scripts?: unknown; devDependencies?: unknown } = { exports: {}, bin: {} };
  try {
    await steps.run('the kit builds and packs (or the tarball of the same sources is taken)', async () => {
      const kit = await sharedPackedKit();
      packed = kit;
      if (kit.reused) console.log(`      packed from the same sources before: ${relative(KIT_ROOT, kit.tarball)}`);
      const untar = await runCommand('tar', ['-xzf', kit.tarball, '-C', unpacked], { cwd: unpacked });
      if (untar.code !== 0) throw new Error(`tar -xzf exit ${untar.code}:\n${tail(untar.output)}`);
      shipped = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as typeof shipped;
    });
    const tarball = () => packed?.tarball ?? '';
    await steps.run('publint finds nothing to report in the tarball', async () => {
      const output = await lint('publint', '0.3.25', ['run', tarball(), '--strict']);
      if (!output.includes('All good!')) throw new Error(`publint reported:\n${tail(output, 40)}`);
    });
    await steps.run('Are the Types Wrong finds no problem for ESM consumers (node16, bundler)', async () => {
      await lint('attw', '0.18.5', [tarball(), '--profile', 'esm-only']);
    });
    await steps.run('the tarball holds the compiled kit, its declarations, the spec and the bin, and no sources or tests', () => {
      const problems = fileListProblems(packed?.files ?? [], shipped);
      if (problems.length) throw new Error(problems.join('\n'));
    });
    await steps.run('the shipped package.json has no scripts (npm warns consumers of a prepare script) and no devDependencies', () => {
      const left = (['scripts', 'devDependencies'] as const).filter((field) => shipped[field] !== undefined);
      if (left.length) throw new Error(`the shipped package.json keeps ${left.join(' and ')}`);
    });
    await steps.run('the runtime dependencies are exactly the packages the compiled code imports', () => {
      const problems = dependencyProblems(compiledSources(root, shipped), shipped);
      if (problems.length) throw new Error(problems.join('\n'));
    });
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
  steps.write(join(KIT_ROOT, 'reports/package-results.json'), {
    tarballBytes: packed?.size,
    unpackedBytes: packed?.unpackedSize,
    files: packed?.entryCount,
  });
  console.log(
    `${steps.results.length - steps.failed} passed, ${steps.failed} failed; tarball ${Math.round((packed?.size ?? 0) / 1024)} KiB`,
  );
  return steps.failed ? 1 : 0;
}

main().then((code) => process.exit(code));
