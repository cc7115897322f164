// Playwright config of the conformance suite: API tests only (no browser), a
// set-up project with its teardown, reporters into the run's report directory.
// Start it through "npx bucketkit conformance", which writes the run settings.
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { readSettings } from './runtime/run-files.ts';

const settings = readSettings();
const reportDir = process.env.BUCKETKIT_REPORT_DIR ?? 'reports/conformance';
const resultsFile = process.env.BUCKETKIT_RESULTS_FILE ?? 'conformance-results.json';
const workers = Number(process.env.BUCKETKIT_WORKERS ?? 2);

export default defineConfig({
  testDir: './specs',
  outputDir: join(reportDir, 'test-output'),
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 60_000,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['html', { outputFolder: join(reportDir, 'html'), open: 'never' }],
    ['junit', { outputFile: join(reportDir, 'junit.xml') }],
    ['json', { outputFile: join(reportDir, resultsFile) }],
  ],
  use: {
    baseURL: settings.baseUrl,
    // Traces would hold request headers, keys included: off by design.
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  projects: [
    { name: 'setup', testMatch: /setup\.setup\.ts$/, teardown: 'cleanup' },
    { name: 'cleanup', testMatch: /cleanup\.teardown\.ts$/ },
    { name: 'conformance', testMatch: /\.spec\.ts$/, dependencies: ['setup'] },
  ],
});
