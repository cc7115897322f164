// Playwright config of the conformance suite: API tests only (no browser), a
// set-up project with its teardown, the HTML report and the suite's own
// reporter (summaries, JUnit, the console list). Start it through
// "npx bucketkit conformance", which writes the run manifest.
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { join } from 'node:path';
import { readManifest, readSettings } from './runtime/run-files.ts';

const manifest = readManifest();
const html: ReporterDescription[] = manifest.html ? [['html', { outputFolder: join(manifest.outputDir, 'html'), open: 'never' }]] : [];
const single = manifest.targets.length === 1 ? readSettings(manifest.targets[0].runDir) : undefined;

export default defineConfig({
  testDir: './specs',
  outputDir: join(manifest.outputDir, 'test-output'),
  fullyParallel: true,
  workers: manifest.workers,
  retries: 0,
  timeout: 60_000,
  forbidOnly: true,
  // The suite's reporter comes last: it writes the summaries once every other reporter is done.
  reporter: [...html, ['./report/conformance-reporter.ts']],
  use: {
    // Requests go through the suite's own client; a run of several targets has no one base URL.
    baseURL: single?.baseUrl,
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
