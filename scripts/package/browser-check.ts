// The example app built by Vite with the mock from `bucketkit/msw/browser`, served on loopback and run in Chromium.
import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { serveStatic } from '../../mocks/browser/static-server.ts';
import { generateWorld } from '../../mocks/world/generate-world.ts';
import { keyPlan } from '../../mocks/app/key-plan.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { listScopes } from '../../openapi/contract/route-table.ts';
import { runCommand, tail } from './run-command.ts';
import type { ConsumerProject } from './consumer-project.ts';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function run(project: ConsumerProject, args: string[]): Promise<void> {
  const result = await runCommand('npx', ['--no-install', ...args], { cwd: project.dir, env: project.env });
  if (result.code !== 0) throw new Error(`npx ${args.join(' ')} exit ${result.code}:\n${tail(result.output)}`);
}

/**
 * The page lists the fixtures' workspace and then the seed-7 world's, shows the fixtures' bucket without its trashed file
 * after one retry (the scenario's 503), every API answer comes from the service worker, the key plan's keys are on window, and the
 * coverage read in the page shows what the page met.
 */
export async function checkBrowserPage(project: ConsumerProject): Promise<void> {
  await run(project, ['msw', 'init', 'public', '--no-save']);
  await run(project, ['vite', 'build', '--mode', 'development', '--logLevel', 'warn']);
  const site = await serveStatic(join(project.dir, 'dist'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const apiAnswers: { url: string; fromServiceWorker: boolean }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/'))
        apiAnswers.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
    });
    await page.goto(site.origin);
    await page
      .locator('#status')
      .filter({ hasText: /^(ready|failed.*)$/ })
      .waitFor({ timeout: 20_000 });
    const status = await page.locator('#status').textContent();
    if (status !== 'ready') throw new Error(`the page says "${status}"`);
    const shown = await page.locator('#workspaces li').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.id));
    const expected = ['ws_acme', ...generateWorld({ seed: 7 }).workspaces.map((w) => w.id)];
    if (shown.join() !== expected.join())
      throw new Error(`the page lists ${shown.join()}, expected the fixtures' and the seed-7 world's ${expected.join()}`);
    const files = await page.locator('#files li').allTextContents();
    if (files.join() !== 'reports/notes.md,reports/q1.pdf') throw new Error(`the page lists the files ${files.join()}`);
    const retries = await page.locator('#retries').textContent();
    if (retries !== '1') throw new Error(`the page retried ${retries} times; the scenario fails the first listing once`);
    if (!apiAnswers.length || apiAnswers.some((a) => !a.fromServiceWorker))
      throw new Error(`API answers not all from the service worker: ${JSON.stringify(apiAnswers)}`);
    const leaked = site.requests.filter((line) => line.includes(' /api/'));
    if (leaked.length) throw new Error(`API requests reached the static server: ${leaked.join(', ')}`);
    const keyNames = await page.evaluate(() => Object.keys((window as unknown as { mockKeys?: object }).mockKeys ?? {}));
    const plan = keyPlan(
      listScopes(loadBundledSpec()).map((s) => s.scope),
      undefined,
    ).map((key) => key.name);
    if (keyNames.join() !== plan.join())
      throw new Error(`window.mockKeys holds ${keyNames.join() || 'nothing'}, not the key plan's ${plan.join()}`);
    const coverage = await page.evaluate(() => {
      const { mock } = window as unknown as {
        mock?: { coverage(): { operations: { operationId: string; met: { label: string }[]; undocumented: { label: string }[] }[] } };
      };
      return mock?.coverage().operations.filter((o) => ['listWorkspaces', 'listBuckets', 'listFiles'].includes(o.operationId));
    });
    const seen = (coverage ?? []).map(
      (o) => `${o.operationId}: ${o.met.map((a) => a.label).join(' ')}; ${o.undocumented.map((a) => a.label).join(' ')}`,
    );
    const wanted = ['listWorkspaces: 200; ', 'listBuckets: 200; ', 'listFiles: 200; 503 service_unavailable'];
    if (seen.join('|') !== wanted.join('|'))
      throw new Error(`the coverage in the page says ${JSON.stringify(seen)}, expected ${JSON.stringify(wanted)}`);
  } finally {
    await browser.close();
    await site.close();
  }
}
