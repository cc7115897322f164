// The config `npx bucketkit conformance --merge` gives Playwright's
// merge-reports: the shards' blob reports become one HTML report and one JUnit
// report of the whole run, titled with its verdict by the kit's reporter, which
// also checks that every check of the merged summary shows once, as it ended.
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const reportDir = resolve(process.env.BUCKETKIT_REPORT_DIR ?? 'reports/conformance');
const ext = extname(fileURLToPath(import.meta.url));

const config: PlaywrightTestConfig = defineConfig({
  testDir: '../specs',
  reporter: [
    [`./results-reporter${ext}`],
    ['html', { outputFolder: join(reportDir, 'html'), open: 'never' }],
    ['junit', { outputFile: join(reportDir, 'junit.xml') }],
  ],
});

export default config;
