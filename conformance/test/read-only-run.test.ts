// A --read-only run against a real mock, through a counting proxy: the mock
// must see no writing request at all, and the run still passes what it can check.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/http/start-mock-server.ts';
import { runInProcess } from '../engine/run-in-process.ts';
import { verdictOf } from '../report/summary.ts';
import { originForm } from './support/loopback-proxy.ts';

/** A loopback proxy in front of the mock that counts requests per method. */
async function countingProxy(
  target: string,
): Promise<{ origin: string; methods: Map<string, number>; runIds: Set<string>; server: Server }> {
  const methods = new Map<string, number>();
  const runIds = new Set<string>();
  const server = createServer((req, res) => {
    methods.set(req.method!, (methods.get(req.method!) ?? 0) + 1);
    runIds.add(String(req.headers['x-bucketkit-run']));
    // The mock checks Host against its own address (DNS rebinding), as a reverse proxy must rewrite it.
    const headers = { ...req.headers, host: new URL(target).host };
    const upstream = httpRequest(`${target}${originForm(req.url ?? '/')}`, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, methods, runIds, server };
}

describe('a read-only run', () => {
  let mock: MockServer;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  const env: NodeJS.ProcessEnv = { ...process.env };
  let configPath: string;

  beforeAll(async () => {
    mock = await startMockServer({ host: '127.0.0.1', port: 0 });
    const info = await (await fetch(`${mock.origin}/__mock/info`)).json();
    const ws = info.workspaces.find((w: { buckets: string[] }) => w.buckets.length >= 2);
    const mint = async (scopes: string[], bucketIds: string[] | null) =>
      (
        await (
          await fetch(`${mock.origin}/__mock/keys`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ scopes, bucketIds }),
          })
        ).json()
      ).token;
    env.BUCKETKIT_KEY_READER = await mint(['workspaces:read', 'buckets:read', 'files:read'], null);
    env.BUCKETKIT_KEY_AUTOMATIONS = await mint(['automations:read'], [ws.buckets[0]]);
    // Minting happens before the proxy starts counting: only the suite's own requests are counted.
    proxy = await countingProxy(mock.origin);
    configPath = join(mkdtempSync(join(tmpdir(), 'bk-ro-')), 'config.json');
    writeFileSync(
      configPath,
      JSON.stringify({
        baseUrl: `${proxy.origin}/api/v1`,
        workspaceId: ws.id,
        buckets: { allowed: ws.buckets[0], other: ws.buckets[1] },
        keys: [
          { name: 'reader', scopes: ['workspaces:read', 'buckets:read', 'files:read'], bucketIds: null },
          { name: 'automations', scopes: ['automations:read'], bucketIds: [ws.buckets[0]] },
        ],
      }),
    );
    delete env.BUCKETKIT_CONFIG;
  });

  afterAll(async () => {
    proxy?.server.close();
    await mock?.close();
  });

  it('sends only GET requests, each with the run id header, and fails no check', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'bk-ro-report-'));
    const { summary } = await runInProcess({
      config: configPath,
      level: 'profile',
      readOnly: true,
      reportDir,
      faults: [],
      workers: 2,
      quiet: true,
      ciResultsFile: '',
      env,
    });
    // Reads only: GET, and HEAD (sent so the rules over every exchange see a GET route's HEAD too).
    expect([...proxy.methods.keys()].sort()).toEqual(['GET', 'HEAD']);
    expect(proxy.methods.get('GET')).toBeGreaterThan(20);
    expect([...proxy.runIds]).toEqual([summary.runId]);
    expect(summary.totals.fail).toBe(0);
    expect(summary.totals.pass).toBeGreaterThan(20);
    expect(summary.checks.find((c) => c.id === 'SCOPE-updateFile-refused')).toMatchObject({
      status: 'skip',
      reason: 'sends a writing request; skipped by --read-only',
    });
    expect(summary.checks.find((c) => c.id === 'SCOPE-listAutomations-refused')?.status).toBe('pass');
    // A conforming deployment read only gets a verdict: checks resting on a writing route's served proof are skipped
    // as planned, never "could not run" (which would make every read-only run INCOMPLETE).
    expect(summary.checks.find((c) => c.id === 'ORACLE-auth-updateFile')).toMatchObject({
      status: 'skip',
      reason: 'rests on updateFile being served, which only a writing request shows; skipped by --read-only',
    });
    expect(summary.checks.filter((c) => c.status === 'error').map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    expect(verdictOf(summary).exitCode).toBe(0);
  }, 120_000);
});
