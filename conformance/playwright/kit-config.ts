// A Playwright config for a project's own tests under the kit: the kit's
// global set-up (the deployment, its preflight and the run board), its
// reporter beside Playwright's HTML and JUnit ones, and — unless asked not
// to — the kit's checks as a project of their own beside the project's tests.
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkProjects, forwardSelection } from './check-projects.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const ext = extname(fileURLToPath(import.meta.url));

export interface BucketkitConfigOptions {
  /** Where the project's own tests are (Playwright's testDir). */
  testDir: string;
  /** Run the kit's conformance checks too (default true). */
  checks?: boolean;
  /** Where the reports go (default BUCKETKIT_REPORT_DIR, else reports/conformance). */
  reportDir?: string;
  /** Workers (default BUCKETKIT_WORKERS, else 8). */
  workers?: number;
}

/** The config: pass it to `defineConfig`'s place, or spread it into your own. */
export function defineBucketkitConfig(options: BucketkitConfigOptions): PlaywrightTestConfig {
  const reportDir = resolve(options.reportDir ?? process.env.BUCKETKIT_REPORT_DIR ?? 'reports/conformance');
  // The kit's global set-up reads the report dir from the environment, as every process of the run does.
  process.env.BUCKETKIT_REPORT_DIR = reportDir;
  if (options.checks !== false) forwardSelection();
  return defineConfig({
    outputDir: join(reportDir, 'test-output'),
    globalSetup: join(here, `global-setup${ext}`),
    fullyParallel: true,
    workers: options.workers ?? Number(process.env.BUCKETKIT_WORKERS ?? 8),
    retries: 0,
    timeout: 15 * 60_000,
    reporter: [
      [join(here, `results-reporter${ext}`)],
      ['html', { outputFolder: join(reportDir, 'html'), open: 'never' }],
      ['junit', { outputFile: join(reportDir, 'junit.xml') }],
    ],
    projects: [
      ...(options.checks === false ? [] : checkProjects(join(here, '..', 'specs'))),
      // Relative to this config file, as Playwright resolves every path of a config (not to the working directory).
      { name: 'your tests', testDir: options.testDir },
    ],
  });
}
