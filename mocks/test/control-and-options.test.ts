// The control API refuses what would silently give a useless key, and the
// server options a frontend developer relies on (latency, its own origin in
// links) behave as documented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockClient, type MockClient } from './support/mock-client.ts';

let mock: MockClient;

beforeAll(async () => {
  mock = await startMockClient();
});
afterAll(() => mock.close());

describe('POST /__mock/keys', () => {
  it('mints a key restricted to a seeded bucket, which then reaches only that bucket', async () => {
    const minted = await mock.call('/__mock/keys', { body: { scopes: ['files:read'], bucketIds: [mock.ids.allowed] } });
    expect(minted.status).toBe(201);
    const files = (bucket: string) => mock.call(`/workspaces/${mock.ids.workspace}/buckets/${bucket}/files`, { key: minted.body.token });
    expect((await files(mock.ids.allowed)).status).toBe(200);
    expect((await files(mock.ids.other)).status).toBe(404);
  });

  it('refuses a bucket id that does not exist, naming it, instead of minting a key refused everywhere', async () => {
    const minted = await mock.call('/__mock/keys', { body: { scopes: ['files:read'], bucketIds: [mock.ids.allowed, 'bkt_typo'] } });
    expect(minted.status).toBe(400);
    expect(minted.body.detail).toContain('bkt_typo');
    expect(minted.body.errors).toEqual([expect.objectContaining({ field: '/bucketIds' })]);
  });

  it('refuses a field it does not know, so a misspelt bucketIds is not taken as every bucket', async () => {
    const minted = await mock.call('/__mock/keys', { body: { scopes: ['files:read'], bucketId: [mock.ids.allowed] } });
    expect(minted.status).toBe(400);
    expect(minted.body.errors).toEqual([expect.objectContaining({ field: '/bucketId', message: 'is not a known field' })]);
  });

  it('answers a body over 1 MiB with 413, not a misleading 400', async () => {
    const huge = JSON.stringify({ scopes: ['files:read'], bucketIds: null, padding: 'x'.repeat(2 * 1024 * 1024) });
    const minted = await mock.call('/__mock/keys', { rawBody: huge, headers: { 'content-type': 'application/json' }, method: 'POST' });
    expect(minted.status).toBe(413);
  });

  it('refuses unknown scopes, listing the known ones', async () => {
    const minted = await mock.call('/__mock/keys', { body: { scopes: ['files:readwrite'] } });
    expect(minted.status).toBe(400);
    expect(minted.body.detail).toContain('files:read');
  });
});

describe('other control routes', () => {
  it('POST /__mock/reset takes no fields and refuses unknown ones', async () => {
    expect((await mock.call('/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);
    const reset = await mock.call('/__mock/reset', { body: { seed: 7 } });
    expect(reset.status).toBe(400);
    expect(reset.body.detail).toContain('seed');
  });

  it('a wrong method gets 405 with Allow', async () => {
    const answer = await mock.call('/__mock/reset', { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe('server options', () => {
  it('share links point at the origin the mock listens on, whatever its port', async () => {
    const shares = await mock.call(`/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}/shares`, {
      key: mock.server.app.presetKeys.full,
    });
    expect(shares.status).toBe(200);
    expect(shares.body.data.length).toBeGreaterThan(0);
    for (const share of shares.body.data) expect(share.url).toBe(`${mock.server.origin}/s/${share.id}`);
  });

  it('--latency delays every API answer by the configured time, and not the control API', async () => {
    const slow = await startMockClient({ latencyMs: 250 });
    try {
      const key = slow.server.app.presetKeys.full;
      const started = performance.now();
      const order: string[] = [];
      // Sent together: the control API's answer comes first, the API's only after its latency (an order, not a timing).
      const [api, control] = await Promise.all([
        slow.call('/workspaces', { key }).then((r) => (order.push('api'), r)),
        slow.call('/__mock/info').then((r) => (order.push('control'), r)),
      ]);
      expect([api.status, control.status]).toEqual([200, 200]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
      expect(order).toEqual(['control', 'api']);
    } finally {
      await slow.close();
    }
  });
});
