// The exit code is the verdict whatever runs the suite: Playwright's own
// command with any of its reporters exits non-zero for a deployment it could
// not judge (nothing listens there); a check Playwright ends from outside
// (its timeout) fails as a bug of the kit, never a skip; and a run always
// ends — with a worker killed in the middle of its requests, and with every
// check failing while 8 workers are replaced one failure after another.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { UNFINISHED } from '../engine/summarize-run.ts';
import { conformanceCli } from './support/cli-async.ts';
import { isOperation } from './support/api-routes.ts';
import { json } from './support/loopback-proxy.ts';
import { underPath, when } from './support/rule-stack.ts';
import { startVariant } from './support/variant.ts';

const PLAYWRIGHT = createRequire(import.meta.url).resolve('@playwright/test/cli');
const KIT_CONFIG = fileURLToPath(new URL('../playwright.config.ts', import.meta.url));

/** `npx playwright test -c <the kit's config> <args>` in a fresh directory, against the config file given. */
function playwright(args: string[], config: string, timeoutMs = 120_000) {
  const cwd = mkdtempSync(join(tmpdir(), 'bk-pw-'));
  const env = {
    ...process.env,
    BUCKETKIT_CONFIG: config,
    BUCKETKIT_REPORT_DIR: join(cwd, 'report'),
    BUCKETKIT_BASELINE: '',
    // Playwright's own reporters write where their variables say: inside this run's directory.
    PLAYWRIGHT_HTML_OUTPUT_DIR: join(cwd, 'html'),
    PLAYWRIGHT_HTML_OPEN: 'never',
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(cwd, 'results.json'),
    PLAYWRIGHT_JUNIT_OUTPUT_NAME: join(cwd, 'junit.xml'),
    PLAYWRIGHT_BLOB_OUTPUT_DIR: join(cwd, 'blob'),
  };
  return new Promise<{ status: number; output: string; cwd: string }>((done) =>
    execFile(
      process.execPath,
      [PLAYWRIGHT, 'test', '-c', KIT_CONFIG, ...args],
      { cwd, env, timeout: timeoutMs, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        done({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}`, cwd }),
    ),
  );
}

/** A deployment config in a file of its own (tokens inline: test keys only). */
function configFile(config: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bk-cfg-')), 'deployment.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe("Playwright's own command with the kit's config", () => {
  // Nothing listens on port 9 of the loopback address: the preflight fails at once.
  const dead = configFile({
    baseUrl: 'http://127.0.0.1:9/api/v1',
    workspaceId: 'ws_1',
    buckets: { allowed: 'b_1', other: 'b_2' },
    keys: [
      { name: 'full', token: 'bk_Qx7Lm2Rt9Vw4Zp8Kd3Hs6Nf1', scopes: ['workspaces:read', 'buckets:read', 'files:read'], bucketIds: null },
    ],
  });

  // Every reporter of Playwright's in one run (a reporter that turned the run's status into a pass would show there),
  // and `null` alone: a run that prints nothing still exits with the verdict.
  it.each(['list,line,dot,json,junit,html,blob', 'null'])(
    'exits non-zero with --reporter=%s when nothing listens at the base URL, and says why',
    async (reporter) => {
      const run = await playwright([`--reporter=${reporter}`, '--grep', 'PATH-listWorkspaces-served', '--workers', '1'], dead);
      expect(run.status, run.output).not.toBe(0);
      const summary = JSON.parse(readFileSync(join(run.cwd, 'report', 'summary.json'), 'utf8')) as Summary;
      expect(summary.verdict).toMatchObject({ name: 'INCOMPLETE', exitCode: 2 });
      expect(summary.totals.pass).toBe(0);
      // The verdict reaches the console through the teardown's error whichever reporter prints.
      if (reporter !== 'null') expect(run.output).toContain('bucketkit: INCOMPLETE (exit 2): cannot reach http://127.0.0.1:9/api/v1');
    },
    120_000,
  );

  it('fails a check its timeout ends from outside as a bug of the kit, never a skip, and the reports count it as could not run', async () => {
    // The valid call of one route never gets an answer; Playwright's timeout ends the check before the request's does.
    const variant = await startVariant({ rules: [when(isOperation('listFiles'), () => new Promise(() => undefined))] });
    try {
      const run = await playwright(
        ['--reporter=dot', '--grep', 'PATH-listFiles-served', '--timeout', '4000', '--workers', '1'],
        configFile(variant.config),
      );
      expect(run.status, run.output).toBe(1);
      const summary = JSON.parse(readFileSync(join(run.cwd, 'report', 'summary.json'), 'utf8')) as Summary;
      expect(summary.checks).toEqual([expect.objectContaining({ id: 'PATH-listFiles-served', status: 'error', reason: UNFINISHED })]);
      expect(summary.verdict?.exitCode).toBe(2);
    } finally {
      await variant.close();
    }
  }, 120_000);
});

/** A worker in the middle of a check: its part of the run's record ends with a check that started and has not ended. */
function workerMidCheck(runDir: string): number | undefined {
  const dir = join(runDir, 'record');
  if (!existsSync(dir)) return undefined;
  for (const name of readdirSync(dir)) {
    const pid = /^worker-\d+-(\d+)\.jsonl$/.exec(name)?.[1];
    const lines = readFileSync(join(dir, name), 'utf8').trim().split('\n');
    if (pid && lines.length > 3 && (JSON.parse(lines.at(-1)!) as { kind: string }).kind === 'start') return Number(pid);
  }
  return undefined;
}

describe('a run always ends', () => {
  it('with a worker killed in the middle of its requests: the run goes on, and the killed check is a harness error', async () => {
    // Every answer 150 ms late: a worker is always in the middle of a request.
    const variant = await startVariant({
      rules: [async (request, forward) => (await new Promise((r) => setTimeout(r, 150)), forward(request))],
    });
    const dir = mkdtempSync(join(tmpdir(), 'bk-kill-'));
    try {
      const started = Date.now();
      const child = execFile(
        process.execPath,
        [
          fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url)),
          'conformance',
          '--config',
          configFile(variant.config),
          '--level',
          'core',
          // The listing routes' scope checks: a few checks of many requests each, enough for a worker to be killed in one.
          '--grep',
          'AUTH-list',
          '--workers',
          '2',
          '--concurrency',
          '4',
          '--report-dir',
          dir,
        ],
        { env: { ...process.env, BUCKETKIT_BASELINE: '' } },
      );
      const ended = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 1)));
      let killed: number | undefined;
      for (let i = 0; i < 1200 && killed === undefined; i++) {
        await new Promise((r) => setTimeout(r, 50));
        // A worker a few checks into the run, in the middle of one (its requests hold slots of the run's board).
        const worker = workerMidCheck(join(dir, 'run'));
        if (worker) {
          process.kill(worker, 'SIGKILL');
          killed = worker;
        }
      }
      expect(killed).toBeDefined();
      const code = await ended;
      const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
      expect(
        summary.checks.some((c) => c.reason === UNFINISHED),
        JSON.stringify(summary.totals),
      ).toBe(true);
      expect(summary.totals.pass).toBeGreaterThan(0);
      expect(code).toBe(summary.verdict?.exitCode);
      expect(Date.now() - started).toBeLessThan(150_000);
    } finally {
      await variant.close();
    }
  }, 200_000);

  it('with every check failing while 8 workers are replaced one failure after another', async () => {
    // Every answer of the API a 200 that says it failed: each check fails, and Playwright replaces its worker each time.
    const variant = await startVariant({ rules: [when(underPath(), async () => json(200, { ok: false, error: 'internal error' }))] });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'bk-allfail-'));
      const run = await conformanceCli(
        [
          '--config',
          configFile(variant.config),
          '--level',
          'core',
          '--grep',
          'AUTH-list',
          '--workers',
          '8',
          '--concurrency',
          '4',
          '--report-dir',
          dir,
        ],
        {},
        150_000,
      );
      const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
      expect(run.status, run.stdout.slice(-2000)).toBe(1);
      expect(summary.totals.fail).toBeGreaterThan(8);
      expect(summary.incomplete).toBeUndefined();
    } finally {
      await variant.close();
    }
  }, 200_000);
});
