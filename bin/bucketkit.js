#!/usr/bin/env node
// The bucketkit command: runs the TypeScript CLI through tsx, from any directory.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
const main = fileURLToPath(new URL('../conformance/cli/main.ts', import.meta.url));
const result = spawnSync(process.execPath, [tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: process.cwd(),
  env: { ...process.env, BUCKETKIT_ROOT: root },
});
process.exit(result.status ?? 1);
