// Playwright config of the suite's report: one test per check, read from the
// outcomes the engine wrote (no request is sent from here), shown in
// Playwright's HTML report. Start it through "npx bucketkit conformance",
// which writes the run manifest. The report's title gives the authorization
// matrix's tally, for a run of one target.
import { defineConfig } from '@playwright/test';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from './engine/run-files.ts';
import { readMatrixHeadline } from './report/matrix-files.ts';

const manifest = readManifest();
const headline = manifest.targets.length === 1 ? readMatrixHeadline(manifest.targets[0].runDir) : undefined;
const title = headline
  ? `Authorization matrix: ${headline} (authorization-matrix.html on every auth, scopes and bucket-limits check)`
  : undefined;
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
  reporter: [[`./present/verdict-reporter${ext}`], ['html', { outputFolder: join(manifest.outputDir, 'html'), open: 'never', title }]],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [{ name: 'conformance', testMatch: /\.spec\.[jt]s$/ }],
});
