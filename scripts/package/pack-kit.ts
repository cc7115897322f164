// Builds the kit and packs it as npm would publish it, with the package.json it ships (shipped-manifest.ts): the
// tarball a consumer installs. The tarball of the same sources is kept in .bucketkit/pack/ and shared, so a run of
// the package checks and the consumer test (as `npm test` makes) builds and packs once.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain JavaScript (it runs in the action before anything is installed); checked by its tests
import { kitKey } from '../action/prepare.mjs';
import { runCommand, tail } from './run-command.ts';
import { shippedManifest } from './shipped-manifest.ts';

export const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = join(KIT_ROOT, '.bucketkit/pack');

export interface PackedKit {
  tarball: string;
  /** Bytes of the .tgz. */
  size: number;
  unpackedSize: number;
  entryCount: number;
  /** Paths inside the package, e.g. `dist/package/index.js`. */
  files: string[];
}

/** What npm pack ships besides `files`, and what `files` names: the staging dir gets only these. */
function stage(dir: string): void {
  const manifest = JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as { files: string[] };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(shippedManifest(manifest), null, 2)}\n`);
  for (const entry of ['README.md', ...manifest.files]) cpSync(join(KIT_ROOT, entry), join(dir, entry), { recursive: true });
}

/** `npm run build`, then `npm pack` of the shipped package into `destination` (scripts skipped: the build just ran). */
export async function packKit(destination: string): Promise<PackedKit> {
  const built = await runCommand('npm', ['run', 'build', '--silent'], { cwd: KIT_ROOT, timeoutMs: 300_000 });
  if (built.code !== 0) throw new Error(`npm run build failed (exit ${built.code}):\n${tail(built.output)}`);
  mkdirSync(destination, { recursive: true });
  const staging = mkdtempSync(join(tmpdir(), 'bucketkit-stage-'));
  try {
    stage(staging);
    const packed = await runCommand('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], { cwd: staging });
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
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The packed kit of the checkout's sources as they are now: the one kept in .bucketkit/pack/ when it was packed
 * from the same files (a hash of every source file and the lockfile, the action's cache key), else packed afresh
 * and kept in place of the older one.
 */
export async function sharedPackedKit(): Promise<PackedKit & { reused: boolean }> {
  const dir = join(SHARED, kitKey(KIT_ROOT, process.platform, process.arch) as string);
  const record = join(dir, 'packed.json');
  if (existsSync(record)) {
    const kept = JSON.parse(readFileSync(record, 'utf8')) as PackedKit;
    if (existsSync(kept.tarball)) return { ...kept, reused: true };
  }
  // Packed aside and renamed, so a run that stops half-way leaves nothing that looks packed.
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const packed = await packKit(partial);
  const kept = { ...packed, tarball: join(dir, packed.tarball.slice(partial.length + 1)) };
  writeFileSync(join(partial, 'packed.json'), `${JSON.stringify(kept, null, 2)}\n`);
  for (const older of readdirSync(SHARED))
    if (join(SHARED, older) !== partial) rmSync(join(SHARED, older), { recursive: true, force: true });
  renameSync(partial, dir);
  return { ...kept, reused: false };
}
