// Builds the kit and packs it as npm would publish it: the tarball a consumer installs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand, tail } from './run-command.ts';

export const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface PackedKit {
  tarball: string;
  /** Bytes of the .tgz. */
  size: number;
  unpackedSize: number;
  entryCount: number;
  /** Paths inside the package, e.g. `dist/package/index.js`. */
  files: string[];
}

/** `npm run build`, then `npm pack` into `destination` (scripts skipped: the build just ran). */
export async function packKit(destination: string): Promise<PackedKit> {
  const built = await runCommand('npm', ['run', 'build', '--silent'], { cwd: KIT_ROOT, timeoutMs: 300_000 });
  if (built.code !== 0) throw new Error(`npm run build failed (exit ${built.code}):\n${tail(built.output)}`);
  mkdirSync(destination, { recursive: true });
  const packed = await runCommand('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: KIT_ROOT });
  if (packed.code !== 0) throw new Error(`npm pack failed (exit ${packed.code}):\n${tail(packed.output)}`);
  const [info] = JSON.parse(packed.stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
    files: { path: string }[];
  }[];
  return {
    tarball: join(destination, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    entryCount: info.entryCount,
    files: info.files.map((f) => f.path),
  };
}
