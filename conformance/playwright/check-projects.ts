// The Playwright projects of the kit's checks: every check in one project,
// and the checks that judge the whole run (the effects watch) in a second
// one, its teardown, which Playwright runs once every test of the first has
// ended, whether they passed or not.
import type { PlaywrightTestConfig } from '@playwright/test';

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
