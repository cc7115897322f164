// Playwright config of the conformance suite: API tests only (no browser), a
// set-up project with its teardown, the HTML report and the suite's own
// reporter (summaries, JUnit, the console list). Start it through
// "npx bucketkit conformance", which writes the run manifest.
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest, readSettings } from './runtime/run-files.ts';

const manifest = readManifest();
// `.ts` in a checkout, `.js` in the installed package: the reporter and specs are this config's siblings.
const ext = extname(fileURLToPath(import.meta.url));
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
  reporter: [...html, [`./report/conformance-reporter${ext}`]],
  use: {
    // Requests go through the suite's own client; a run of several targets has no one base URL.
    baseURL: single?.baseUrl,
    // Traces would hold request headers, keys included: off by design.
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  projects: [
    { name: 'setup', testMatch: /setup\.setup\.[jt]s$/, teardown: 'cleanup' },
    { name: 'cleanup', testMatch: /cleanup\.teardown\.[jt]s$/ },
    { name: 'conformance', testMatch: /\.spec\.[jt]s$/, dependencies: ['setup'] },
  ],
});
