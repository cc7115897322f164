// The HTML report of a run against a deployment answering every request 500, read in Chromium: its title names the
// root causes first (each route's valid call answered with an error) and how many checks are blocked behind them, and
// every check that could not run shows, under its own annotation, the served check it was blocked by.
import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Summary } from '../../../conformance/report/summary.ts';

const BIN = fileURLToPath(new URL('../../../bin/bucketkit.js', import.meta.url));

let dir: string;
let summary: Summary;
let server: Server;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'bk-500-'));
  // Every request 500, the preflight's too: the keys are accepted (nothing says otherwise), every route is broken.
  server = createServer((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"internal error"}'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const config = join(dir, 'deployment.json');
  writeFileSync(
    config,
    JSON.stringify({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      workspaceId: 'ws_1',
      buckets: { allowed: 'bkt_a', other: 'bkt_b' },
      keys: [
        { name: 'full', token: 'bk_Zr8Lq3Wm7Tx2Vn5Kc9Hp4Jd6', scopes: ['workspaces:read', 'buckets:read', 'files:read'], bucketIds: null },
      ],
    }),
  );
  const args = [
    BIN,
    'conformance',
    '--config',
    config,
    '--level',
    'core',
    '--grep',
    '(listWorkspaces|listBuckets|listFiles)',
    '--report-dir',
    join(dir, 'report'),
  ];
  const env = { ...process.env, BUCKETKIT_BASELINE: '' };
  const code = await new Promise<number>((done) =>
    execFile(process.execPath, args, { env }, (error) => done(error ? Number(error.code) : 0)),
  );
  expect(code, 'the run exits 1: the served checks failed').toBe(1);
  summary = JSON.parse(readFileSync(join(dir, 'report', 'summary.json'), 'utf8')) as Summary;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

test('its title names the root causes first, and the checks blocked behind them', async ({ page }) => {
  const failed = summary.checks.filter((c) => c.status === 'fail').map((c) => c.id);
  expect(failed.sort()).toEqual(['PATH-listBuckets-served', 'PATH-listFiles-served', 'PATH-listWorkspaces-served']);
  const blocked = summary.checks.filter((c) => c.status === 'error').length;
  expect(blocked).toBeGreaterThan(5);
  await page.goto(pathToFileURL(join(dir, 'report', 'html', 'index.html')).href);
  await expect(
    page.getByText(`root causes first: 3 routes answer a valid call with an error; ${blocked} checks blocked behind them`),
  ).toBeVisible();
});

test('each check blocked behind a root cause shows the served check it rests on', async ({ page }) => {
  const blocked = summary.checks.filter((c) => c.status === 'error');
  for (const c of blocked) expect(c.reason, c.id).toMatch(/^not run: blocked by PATH-(listWorkspaces|listBuckets|listFiles)-served: /);
  await page.goto(`${pathToFileURL(join(dir, 'report', 'html', 'index.html')).href}#?q=${encodeURIComponent('s:skipped annot:"not run"')}`);
  await expect(page.locator('.test-file-test')).toHaveCount(blocked.length);
  await page.locator('.test-file-test .test-file-title').first().click();
  await expect(page.getByText(/blocked by PATH-(listWorkspaces|listBuckets|listFiles)-served/).first()).toBeVisible();
});
