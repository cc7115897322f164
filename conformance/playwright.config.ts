// Playwright config of the suite's report: one test per check, read from the
// outcomes the engine wrote (no request is sent from here), shown in
// Playwright's HTML report. Start it through "npx bucketkit conformance",
// which writes the run manifest.
import { defineConfig } from '@playwright/test';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from './engine/run-files.ts';

const manifest = readManifest();
// `.ts` in a checkout, `.js` in the installed package: the reporter and specs are this config's siblings.
const ext = extname(fileURLToPath(import.meta.url));

export default defineConfig({
  testDir: './specs',
  outputDir: join(manifest.outputDir, 'test-output'),
  fullyParallel: true,
  workers: manifest.workers,
  retries: 0,
  forbidOnly: true,
  // The verdict reporter comes first: it marks failed checks failed before the HTML reporter reads them.
  reporter: [[`./present/verdict-reporter${ext}`], ['html', { outputFolder: join(manifest.outputDir, 'html'), open: 'never' }]],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [{ name: 'conformance', testMatch: /\.spec\.[jt]s$/ }],
});
