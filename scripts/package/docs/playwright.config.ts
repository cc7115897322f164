// Playwright config of the tests that open what the kit writes in a browser (the offline reference, the conformance
// suite's HTML report): Debian's headless Chromium and a JSON report for the CI summary.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Two files each start a conformance run in their beforeAll: one worker each, side by side.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../../../test-results/docs',
  reporter: [['list'], ['json', { outputFile: '../../../reports/docs-results.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
});
