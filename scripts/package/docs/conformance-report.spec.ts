// The conformance suite's HTML report of a run against a broken server, read in Chromium as a reviewer reads it:
// its header counts and its failed rows are summary.json's; the checks that could not run and those whose route is
// not served show as such (their own annotation, counted in the title); a failed check shows the requests it sent
// as steps, its exchanges and its reproduction; the authorization matrix beside the report shows the run's broken
// cells. A failed check shown passed or as an expected failure fails this test.
import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Summary } from '../../../conformance/report/summary.ts';

const BIN = fileURLToPath(new URL('../../../bin/bucketkit.js', import.meta.url));
// Moved routes and 404s for unlisted methods fail path checks (and leave routes not served: skipped rows); scopes
// left unenforced fail the scope oracles, the checks that carry the matrix.
const FAULTS = ['route-moved', 'unlisted-method-404', 'scope-unenforced-everywhere'];
const GREP = '@paths|ORACLE-scope-';

let reportDir: string;
let summary: Summary;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  reportDir = mkdtempSync(join(tmpdir(), 'bk-report-'));
  const args = [BIN, 'conformance', ...FAULTS.flatMap((f) => ['--fault', f]), '--grep', GREP, '--report-dir', reportDir];
  // The embedded mock: no deployment variable may leak in from the environment.
  const env = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' };
  const code = await new Promise<number>((done) =>
    execFile(process.execPath, args, { env }, (error) => done(error ? Number(error.code) : 0)),
  );
  expect(code, 'the run exits 1: checks failed').toBe(1);
  summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
});

test.afterAll(() => rmSync(reportDir, { recursive: true, force: true }));

/** Opens the report (the hash selects a filter) with every request but the report's own files refused. */
async function openReport(page: Page, hash = ''): Promise<string[]> {
  const leftTheMachine: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (/^(file|data|blob):/.test(url)) return route.continue();
    leftTheMachine.push(url);
    return route.abort('internetdisconnected');
  });
  await page.goto(`${pathToFileURL(join(reportDir, 'html', 'index.html')).href}${hash}`);
  return leftTheMachine;
}

/** The count the report's header shows beside a label (All, Passed, Failed, Flaky, Skipped). */
async function headerCount(page: Page, label: string): Promise<number> {
  const item = page
    .getByRole('navigation')
    .locator('.subnav-item', { has: page.locator('.subnav-item-label', { hasText: new RegExp(`^${label}$`) }) });
  return Number(await item.locator('.counter').textContent());
}

test("the header counts are summary.json's totals", async ({ page }) => {
  const t = summary.totals;
  expect(t.fail, 'the run has failed checks').toBeGreaterThan(5);
  expect(t.unserved, 'the run has checks it could not judge (shown skipped)').toBeGreaterThan(0);
  const left = await openReport(page);
  await expect(page.getByRole('navigation')).toContainText('Failed');
  // A route not built yet fails its test: the header counts it failed, the kit's reports count it apart.
  expect(await headerCount(page, 'Failed')).toBe(t.fail + t.unbuilt);
  expect(await headerCount(page, 'Passed')).toBe(t.pass);
  expect(await headerCount(page, 'Skipped')).toBe(t.skip + t.disabled + t.error + t.unserved);
  expect(await headerCount(page, 'Flaky')).toBe(0);
  // "All" leaves the skipped out: the checks that passed or failed.
  expect(await headerCount(page, 'All')).toBe(t.pass + t.fail + t.unbuilt);
  expect(left).toEqual([]);
  expect(summary.harnessProblems).toEqual([]);
  // The title splits what the header counts as skipped: not run, not served, skipped, disabled.
  await expect(
    page.getByText(
      `${t.pass} passed · ${t.fail} failed · ${t.unbuilt} not built yet · ${t.error} not run · ${t.unserved} not served · ${t.skip} skipped · ${t.disabled} disabled`,
    ),
  ).toBeVisible();
});

test('the checks whose route is not served, and those that could not run, show as such', async ({ page }) => {
  const t = summary.totals;
  await openReport(page, `#?q=${encodeURIComponent('s:skipped annot:"not served"')}`);
  await expect(page.locator('.test-file-test')).toHaveCount(t.unserved);
  await openReport(page, `#?q=${encodeURIComponent('s:skipped annot:"not run"')}`);
  await expect(page.locator('.test-file-test')).toHaveCount(t.error);
});

test('a failed check shows its requests as steps, its exchanges and how to reproduce it', async ({ page }) => {
  const failed = summary.checks.find((c) => c.status === 'fail' && c.id.startsWith('ORACLE-scope-'))!;
  await openReport(page, `#?q=${encodeURIComponent(`s:failed ${failed.id}`)}`);
  await page.locator('.test-file-test .test-file-title').first().click();
  await expect(page.getByText(`${failed.id} FAILED`).first()).toBeVisible();
  await expect(page.getByText(/reproduce: curl .*\$BUCKETKIT_KEY_/).first()).toBeVisible();
  // Each request the check sent is a step of its own, titled with the request and who sent it.
  await expect(page.getByRole('treeitem', { name: /^(GET|POST|PATCH|HEAD) \/workspaces\S* (as \S+|\(.+\))/ }).first()).toBeVisible();
  await expect(page.getByTestId('attachments').getByText('exchanges.json')).toBeVisible();
});

test('the rows the failed filter shows are the failed checks, each marked failed', async ({ page }) => {
  await openReport(page, '#?q=s:failed');
  const rows = page.locator('.test-file-test');
  await expect(rows).toHaveCount(summary.totals.fail + summary.totals.unbuilt);
  const titles = await rows.locator('.test-file-title').allTextContents();
  const failed = summary.checks.filter((c) => c.status === 'fail' || c.status === 'unbuilt').map((c) => c.id);
  // Each row is titled "METHOD /path › ID: sentence" (its route's block, then the check).
  expect(titles.map((title) => /([A-Z]+-[\w-]+):/.exec(title)?.[1]).sort()).toEqual([...failed].sort());
  await expect(rows.and(page.locator('.test-file-test-outcome-unexpected'))).toHaveCount(failed.length);
});

test('the authorization matrix beside the report shows the broken cells of the run, as the title says', async ({ page }) => {
  const matrix = summary.matrix!;
  expect(matrix.counts.broken).toBeGreaterThan(0);
  const left = await openReport(page);
  await expect(page.getByText('authorization-matrix.html').first()).toBeVisible();
  await page.goto(pathToFileURL(join(reportDir, 'authorization-matrix.html')).href);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authorization matrix');
  await expect(page.locator('#matrix td.broken')).toHaveCount(matrix.counts.broken);
  await expect(page.locator('#matrix td.unserved')).toHaveCount(matrix.counts.unserved);
  await expect(page.locator('#matrix tbody tr')).toHaveCount(matrix.routes.reduce((n, r) => n + (r.bucketScoped ? 2 : 1), 0));
  expect(left).toEqual([]);
});
