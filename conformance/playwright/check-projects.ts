// The Playwright projects of the kit's checks: every check in one project,
// and the checks that judge the whole run (the effects watch) in a second
// one, its teardown, which Playwright runs once every test of the first has
// ended, whether they passed or not. Playwright runs a teardown's tests in
// every shard and whatever --grep selects: the runner's --grep and --shard
// go to the workers, which declare an after-run check only where the plan
// selects it (in the first shard, as the in-process runner's shards do).
import type { PlaywrightTestConfig } from '@playwright/test';
import { RUN_ENV } from '../config/run-env.ts';

/** The value of a runner option (`--grep X`, `--grep=X`, `-g X`) in its arguments. */
function optionOf(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (names.includes(argv[i])) return argv[i + 1];
    const inline = names.map((n) => `${n}=`).find((n) => argv[i].startsWith(n));
    if (inline) return argv[i].slice(inline.length);
  }
  return undefined;
}

/** Hands the runner's --grep and --shard to the workers (called in the runner, as its config loads). */
export function forwardSelection(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): void {
  const grep = optionOf(argv, ['--grep', '-g']);
  const shard = optionOf(argv, ['--shard']);
  if (grep !== undefined) env[RUN_ENV.grep] = grep;
  if (shard !== undefined) env[RUN_ENV.shard] = shard;
}

/** The spec file of the checks run after every other one. */
const AFTER_RUN = /after-run\.spec\.[jt]s$/;

/** The two projects, their specs in `testDir` (relative to the config, as Playwright resolves every path). */
export function checkProjects(testDir?: string): NonNullable<PlaywrightTestConfig['projects']> {
  const dir = testDir ? { testDir } : {};
  return [
    { name: 'conformance', ...dir, testMatch: /\.spec\.[jt]s$/, testIgnore: AFTER_RUN, teardown: 'after-run' },
    { name: 'after-run', ...dir, testMatch: AFTER_RUN },
  ];
}
