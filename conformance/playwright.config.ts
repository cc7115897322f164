// The conformance suite's Playwright config: the checks are the tests of
// specs/ (one file per area), run in Playwright's workers against the
// deployment the BUCKETKIT_* variables name (BUCKETKIT_CONFIG for a config
// file; none: the embedded mock). `npx bucketkit conformance` runs it; so does
// `npx playwright test -c <this file>`, with Playwright's --grep, --shard,
// --list, --workers and reporters. Reports go to BUCKETKIT_REPORT_DIR.
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WORKERS } from './config/cli-args.ts';
import { planSettings } from './playwright/planned-run.ts';
import { checkProjects, forwardSelection } from './playwright/check-projects.ts';

// A config that cannot be read stops the run here, said once, before any spec file would say it again.
try {
  planSettings();
} catch (error) {
  const stop = new Error(`bucketkit: ${(error as Error).message}`);
  // The message is the fix: no stack of this file under it.
  stop.stack = stop.message;
  throw stop;
}

forwardSelection();

const reportDir = resolve(process.env.BUCKETKIT_REPORT_DIR ?? 'reports/conformance');
// `.ts` in a checkout, `.js` in the installed package: the set-up and the reporter are this config's siblings.
const ext = extname(fileURLToPath(import.meta.url));
const workers = Number(process.env.BUCKETKIT_WORKERS || DEFAULT_WORKERS);
// A shard's blob report is what `--merge` joins into one HTML report; an unsharded run has no use for it.
const sharded = process.argv.some((arg) => arg === '--shard' || arg.startsWith('--shard='));

const config: PlaywrightTestConfig = defineConfig({
  testDir: './specs',
  outputDir: join(reportDir, 'test-output'),
  globalSetup: `./playwright/global-setup${ext}`,
  fullyParallel: true,
  workers,
  retries: 0,
  forbidOnly: true,
  // A check ends by itself: every request has its own timeout, every wait its window. This only catches a harness that hangs.
  timeout: 15 * 60_000,
  reporter: [
    [`./playwright/results-reporter${ext}`],
    ['html', { outputFolder: join(reportDir, 'html'), open: 'never' }],
    ['junit', { outputFile: join(reportDir, 'junit.xml') }],
    ...(sharded ? [['blob', { outputDir: join(reportDir, 'blob') }] as const] : []),
  ],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: checkProjects(),
});

export default config;
