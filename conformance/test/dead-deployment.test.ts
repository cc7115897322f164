// A dead or misconfigured deployment gives a verdict that says so, fast: a
// closed port or a server that never answers is exit 2 naming the base URL, a
// server that refuses every key is exit 3, and a deployment that stops answering
// mid-run trips the circuit breaker (the rest reported as not run, exit 2).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/http/start-mock-server.ts';
import { runInProcess, type RunOutcome } from '../engine/run-in-process.ts';
import { embeddedScopes } from '../embedded/embedded-keys.ts';
import { verdictOf } from '../report/summary.ts';
import { closedPort, failingProxy, hangingServer, refusingServer, writeConfig } from './loopback-targets.ts';

const BUCKETS = { allowed: 'bkt_allowed', other: 'bkt_other' };
const KEYS = [
  { name: 'full', token: 'bk_test_Q7vX2mK9pL4rT8wZ', scopes: ['workspaces:read', 'files:read'], bucketIds: null },
  { name: 'reader', token: 'bk_test_cN3bH6jY1sD5fG0q', scopes: ['files:read'], bucketIds: null },
];

async function run(config: string, requestTimeoutMs: number): Promise<RunOutcome & { ms: number }> {
  const started = Date.now();
  const outcome = await runInProcess({
    config,
    level: 'profile',
    readOnly: false,
    reportDir: mkdtempSync(join(tmpdir(), 'bk-dead-report-')),
    faults: [],
    workers: 2,
    quiet: true,
    ciResultsFile: '',
    requestTimeoutMs,
    env: { ...process.env, BUCKETKIT_CONFIG: '' },
  });
  return { ...outcome, ms: Date.now() - started };
}

/** Every check that should have run is reported as not run, for the reason given. */
function expectNotRun(outcome: RunOutcome, reason: RegExp): void {
  const ran = outcome.summary.checks.filter((c) => c.status !== 'skip' && c.status !== 'disabled');
  expect(ran.length).toBeGreaterThan(10);
  expect(ran.every((c) => c.status === 'error' && reason.test(c.reason ?? ''))).toBe(true);
}

describe('a deployment that cannot be reached', () => {
  it('on a closed port is exit 2 within 15 s, naming the base URL and the refusal; no check ran', async () => {
    const base = `${await closedPort()}/api/v1`;
    const outcome = await run(writeConfig(base, 'ws_1', BUCKETS, KEYS), 15_000);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.ms).toBeLessThan(15_000);
    expect(outcome.summary.incomplete?.reason).toBe(`cannot reach ${base}: connect ECONNREFUSED ${base.slice(7, -7)}`);
    expect(verdictOf(outcome.summary).label).toBe('INCOMPLETE');
    expectNotRun(outcome, /^not run: cannot reach /);
  }, 30_000);

  it('that accepts connections and never answers is exit 2 once the request timeout passes', async () => {
    const server = await hangingServer();
    try {
      const outcome = await run(writeConfig(`${server.origin}/api/v1`, 'ws_1', BUCKETS, KEYS), 500);
      expect(outcome.exitCode).toBe(2);
      expect(outcome.summary.incomplete?.reason).toBe(`cannot reach ${server.origin}/api/v1: no answer within 500 ms`);
      expectNotRun(outcome, /^not run: cannot reach /);
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('a deployment that refuses every key with 401', () => {
  it('is exit 3 (wrong base URL or keys), never a failing check', async () => {
    const server = await refusingServer();
    try {
      const outcome = await run(writeConfig(`${server.origin}/api/v1`, 'ws_1', BUCKETS, KEYS), 2_000);
      expect(outcome.exitCode).toBe(3);
      expect(outcome.summary.totals.fail).toBe(0);
      expect(verdictOf(outcome.summary).label).toBe('WRONG BASE URL OR KEYS');
      expect(outcome.summary.incomplete?.reason).toMatch(
        /^every key was refused with 401 at GET \/workspaces: the base URL or the keys are wrong/,
      );
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('a deployment that stops answering mid-run', () => {
  let mock: MockServer;
  let config: { workspaceId: string; buckets: typeof BUCKETS; keys: object[] };

  beforeAll(async () => {
    mock = await startMockServer({ host: '127.0.0.1', port: 0 });
    const info = await (await fetch(`${mock.origin}/__mock/info`)).json();
    const ws = info.workspaces.find((w: { buckets: string[] }) => w.buckets.length >= 2);
    const mint = async (scopes: string[]) =>
      (
        await (
          await fetch(`${mock.origin}/__mock/keys`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ scopes, bucketIds: null }),
          })
        ).json()
      ).token as string;
    const all = embeddedScopes();
    const reader = all.filter((s) => s.endsWith(':read'));
    config = {
      workspaceId: ws.id,
      buckets: { allowed: ws.buckets[0], other: ws.buckets[1] },
      keys: [
        { name: 'full', token: await mint(all), scopes: all, bucketIds: null },
        { name: 'reader', token: await mint(reader), scopes: reader, bucketIds: null },
      ],
    };
  });
  afterAll(() => mock?.close());

  for (const how of ['dies', 'hangs'] as const) {
    it(`when it ${how}, stops after a few requests without an answer and reports the rest as not run (exit 2)`, async () => {
      const proxy = await failingProxy(mock.origin, 120, how);
      // The timeout also bounds the preflight and the set-up, which a busy machine's mock may answer slowly.
      try {
        const outcome = await run(writeConfig(`${proxy.origin}/api/v1`, config.workspaceId, config.buckets, config.keys), 2_000);
        expect(outcome.exitCode).toBe(2);
        expect(outcome.ms).toBeLessThan(60_000);
        expect(outcome.summary.incomplete?.reason).toMatch(
          /^the deployment stopped answering: \d+ requests in a row got no answer \(last: /,
        );
        const notRun = outcome.summary.checks.filter((c) => c.reason?.startsWith('not run: the deployment stopped answering'));
        expect(notRun.length).toBeGreaterThan(20);
        // Counted, not waited for: a few requests past the end (those already in flight in the two workers, up to 8
        // each, and the bounded resends of a lost answer), not one timeout per remaining check (hundreds).
        expect(proxy.seen()).toBeLessThan(120 + 6 * 8);
        expect(outcome.summary.cleanup?.problems.join(' ')).toMatch(/not attempted, the run stopped .* run --cleanup /);
      } finally {
        await proxy.close();
      }
    }, 90_000);
  }
});
