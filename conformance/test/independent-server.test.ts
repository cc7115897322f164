// The independent server itself: its success bodies are the contract's (the
// suite's schema checks pass), each planted fault breaks its rule on one
// request while the clean server refuses that request, and each production
// trait does what it says (ids, listing shapes, consistency, balancer blips,
// idle closes, rate limit, partial routing, cookies).
import { request as httpRequest, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FAULT_PROBES } from './support/independent/fault-probes.ts';
import { FAULTS } from './support/independent/faults/fault-registry.ts';
import { bucketPath, probe, tokenOf } from './support/independent/probe-client.ts';
import {
  startIndependentServer,
  FAULT_NAMES,
  type IndependentOptions,
  type IndependentServer,
} from './support/independent/start-independent-server.ts';
import { walkListing } from './support/independent/walk-listing.ts';
import { runAgainst } from './support/variant-run.ts';

const started: IndependentServer[] = [];
const start = async (options: IndependentOptions = {}) => {
  const server = await startIndependentServer(options);
  started.push(server);
  return server;
};
afterEach(async () => {
  for (const server of started.splice(0)) await server.close();
});

async function upload(server: IndependentServer, path: string): Promise<{ fileId: string }> {
  const presigned = await probe(server, 'POST', `${bucketPath(server, 'allowed')}/files/presign-upload`, {
    key: 'full',
    json: { path, contentType: 'text/plain', size: 3 },
  });
  expect(presigned.status).toBe(201);
  expect((await fetch(presigned.json.url, { method: 'PUT', body: 'abc', headers: presigned.json.headers })).status).toBe(200);
  return { fileId: presigned.json.fileId };
}
const listed = async (server: IndependentServer, path: string) =>
  (await probe(server, 'GET', `${bucketPath(server, 'allowed')}/files?prefix=${encodeURIComponent(path)}`, { key: 'full' })).json.data
    .length === 1;

describe('the independent server', () => {
  it("answers every route with the contract's success bodies (the suite's schema checks)", async () => {
    const server = await start();
    const run = await runAgainst(server, {
      level: 'profile',
      grep: '^SCHEMA-',
      // Its error format and foreign-bucket status are its own choices (G11, G13).
      overrides: { errorFormat: 'any', foreignBucketStatus: 403, consistencyWindowMs: 1000 },
    });
    const notPassed = run.summary.checks.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`);
    expect(notPassed).toEqual([]);
    expect(run.summary.checks.length).toBe(21);
  }, 60_000);

  it.each(FAULT_NAMES)('fault %s breaks its rule on one request, which the clean server refuses', async (name) => {
    const needs = (FAULTS[name] as { needs?: { cookies?: boolean } }).needs;
    expect(await FAULT_PROBES[name](await start({ cookies: needs?.cookies }))).toBe(false);
    expect(await FAULT_PROBES[name](await start({ faults: [name] }))).toBe(true);
  });

  it('makes ids in the style asked for', async () => {
    const numeric = await start({ ids: 'numeric' });
    expect(numeric.config.workspaceId).toMatch(/^\d+$/);
    expect((await upload(numeric, 'n/a.txt')).fileId).toMatch(/^\d+$/);
    expect((await start({ ids: 'uuid' })).config.buckets.other).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect((await start()).config.buckets.allowed).toMatch(/^b_[a-z0-9]{12}$/);
  });

  it.each(['cursor', 'link-header', 'page-number', 'envelope-data', 'results-next-url'] as const)(
    'pages a listing in the %s shape, every file once',
    async (shape) => {
      const server = await start({ listing: { shape, pageSize: 5 } });
      const pages = await walkListing(server, shape, `${bucketPath(server, 'allowed')}/files`);
      expect(pages.length).toBe(5);
      const ids = pages.flat().map((f: any) => f.id);
      expect(new Set(ids).size).toBe(24);
    },
  );

  it('caps the page size, and takes 0 as "everything"', async () => {
    const server = await start({ listing: { pageSize: 5, maxPageSize: 7 } });
    const files = `${bucketPath(server, 'allowed')}/files`;
    expect((await probe(server, 'GET', `${files}?limit=1000`, { key: 'full' })).json.data).toHaveLength(7);
    expect((await probe(server, 'GET', `${files}?limit=0`, { key: 'full' })).json.data).toHaveLength(24);
    expect((await probe(server, 'GET', `${files}?limit=x`, { key: 'full' })).status).toBe(400);
  });

  it('lists a write only after the consistency lag, and an upload only after its delay', async () => {
    const lagging = await start({ consistencyLagMs: 400 });
    await upload(lagging, 'lag/a.txt');
    expect(await listed(lagging, 'lag/a.txt')).toBe(false);
    await new Promise((done) => setTimeout(done, 600));
    expect(await listed(lagging, 'lag/a.txt')).toBe(true);
    const delayed = await start({ uploadDelayMs: 300 });
    await upload(delayed, 'late/a.txt');
    expect(await listed(delayed, 'late/a.txt')).toBe(false);
    await new Promise((done) => setTimeout(done, 500));
    expect(await listed(delayed, 'late/a.txt')).toBe(true);
  });

  it("answers about one request in K with nginx's 502 page, without Retry-After", async () => {
    const server = await start({ blips: { oneIn: 10, seed: 3 } });
    const answers = await Promise.all(Array.from({ length: 200 }, () => probe(server, 'GET', '/workspaces', { key: 'full' })));
    const blips = answers.filter((a) => a.status === 502);
    expect(blips.length).toBeGreaterThan(5);
    expect(blips.length).toBeLessThan(50);
    expect(blips[0].text).toContain('<center>nginx</center>');
    expect(blips[0].headers.get('retry-after')).toBeNull();
  });

  it('can lose only the answer: the request took effect behind the 502', async () => {
    const server = await start({ blips: { oneIn: 1, afterProcessing: true } });
    const answer = await probe(server, 'POST', `${bucketPath(server, 'allowed')}/automations`, {
      key: 'full',
      json: { name: 'lost answer', trigger: { event: 'file.uploaded' }, action: { type: 'summarize' } },
    });
    expect(answer.status).toBe(502);
    expect(server.world.automations.current().map((a) => a.name)).toEqual(['lost answer']);
  });

  it('closes an idle keep-alive connection after the time given, without announcing it', async () => {
    const server = await start({ idleCloseMs: 150 });
    const agent = new Agent({ keepAlive: true });
    const answer = await new Promise<{ headers: Record<string, unknown>; closedAfterMs: Promise<number> }>((resolve, reject) => {
      const req = httpRequest(
        `${server.baseUrl}/workspaces`,
        { agent, headers: { Authorization: `Bearer ${tokenOf(server, 'full')}` } },
        (res) => {
          res.resume();
          const sent = Date.now();
          const closedAfterMs = new Promise<number>((done) => res.socket.once('close', () => done(Date.now() - sent)));
          res.on('end', () => resolve({ headers: res.headers, closedAfterMs }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.headers['keep-alive']).toBeUndefined();
    expect(await answer.closedAfterMs).toBeGreaterThanOrEqual(100);
    agent.destroy();
  });

  it('limits each key with a token bucket: 429 with Retry-After beyond it', async () => {
    const server = await start({ rateLimit: { perSecond: 1, burst: 3 } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await probe(server, 'GET', '/workspaces', { key: 'full' })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await probe(server, 'GET', '/workspaces', { key: 'full' })).headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await probe(server, 'GET', '/workspaces', { key: 'readonly' })).status).toBe(200);
  });

  it.each([404, 405, 501] as const)('serves only the operations given; the rest answer %i', async (otherStatus) => {
    const server = await start({ serves: { operationIds: ['listWorkspaces', 'listFiles'], otherStatus } });
    expect((await probe(server, 'GET', '/workspaces', { key: 'full' })).status).toBe(200);
    expect((await probe(server, 'GET', `${bucketPath(server, 'allowed')}/files`, { key: 'full' })).status).toBe(200);
    expect((await probe(server, 'GET', `${bucketPath(server, 'allowed')}/trash`, { key: 'full' })).status).toBe(otherStatus);
    expect((await probe(server, 'GET', `${bucketPath(server, 'allowed')}/trash`)).status).toBe(otherStatus);
  });

  it('sets a session cookie on authenticated answers and never takes it alone', async () => {
    const server = await start({ cookies: true });
    const first = await probe(server, 'GET', '/workspaces', { key: 'full' });
    expect(first.headers.get('set-cookie')).toMatch(/^ik_session=\w{32}; Path=\/; HttpOnly/);
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    expect((await probe(server, 'GET', '/workspaces', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('hands out keys whose random secrets never hold their names', async () => {
    const server = await start();
    expect(server.config.keys.map((k) => k.name)).toEqual(['full', 'readonly', 'restricted']);
    for (const key of server.config.keys) {
      expect(key.token).toMatch(/^ik_[A-Za-z0-9]{40}$/);
      expect(key.token!.toLowerCase()).not.toContain(key.name);
    }
    expect(server.config.keys[1].scopes.every((s) => s.endsWith(':read'))).toBe(true);
    expect(server.config.keys[2].bucketIds).toEqual([server.config.buckets.allowed]);
  });

  it('rejects a bad option with a message naming it', async () => {
    await expect(startIndependentServer({ ids: 'serial' as never })).rejects.toThrow(/ids must be one of/);
    await expect(startIndependentServer({ faults: ['nope' as never] })).rejects.toThrow(/faults\[\] must be one of/);
    await expect(startIndependentServer({ serves: { operationIds: ['listThings' as never] } })).rejects.toThrow(/serves.operationIds/);
    await expect(startIndependentServer({ listing: { pageSize: 0 } })).rejects.toThrow(/listing.pageSize/);
  });
});
