// Where the bench finds the project, its binaries and the commands that run a TypeScript entry point.
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';

/** The repository root (two levels above this file). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A binary under node_modules/.bin. */
export function binPath(name: string): string {
  return join(repoRoot, 'node_modules', '.bin', name);
}

/** A path as the report shows it: relative to the repository root. */
export function shown(path: string): string {
  return relative(repoRoot, path) || '.';
}

/** `node --import tsx <entry>`: a TS entry point in one process (no tsx CLI wrapper process). */
export function tsxNodeArgs(entry: string): string[] {
  return ['--import', 'tsx', entry];
}

/** A bench helper entry point in this folder. */
export function benchEntry(file: string): string {
  return fileURLToPath(new URL(file, import.meta.url));
}
