// Variants that serve routes elsewhere or not at all: bucket routes under
// another path shape (documented shape 404), a partly built server (404 on
// every route it does not serve, for every key), and redirects to another
// origin (which records what reaches it) or within the same origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf, type Call } from './support/variant-client.ts';
import { BUCKETS_AT_ROOT, SINGULAR_BUCKET, bucketRoutesAt } from './support/path-shape.ts';
import { servesOnly } from './support/partial-server.ts';
import { redirectToOrigin, redirectWithinOrigin } from './support/redirect-rules.ts';
import { startRecordingServer, type RecordingServer } from './support/recording-server.ts';
import { isOperation } from './support/api-routes.ts';
import type { Rule } from './support/loopback-proxy.ts';

/** One variant whose rule a test swaps. */
function swappable() {
  const state: { variant?: Variant; call?: Call; rule: Rule } = { rule: (r, f) => f(r) };
  beforeAll(async () => {
    state.variant = await startVariant({ rules: [(request, forward) => state.rule(request, forward)] });
    state.call = clientOf(state.variant.baseUrl);
  });
  afterAll(async () => state.variant?.close());
  return state;
}

describe('bucket routes under another path shape', () => {
  const s = swappable();

  it('serves them under a singular "bucket" segment; the documented shape is 404', async () => {
    const { variant, call } = s as Required<typeof s>;
    s.rule = bucketRoutesAt(SINGULAR_BUCKET);
    const token = variant.token('full');
    const moved = await call('GET', `/workspaces/${variant.workspaceId}/bucket/${variant.buckets.allowed}/files?limit=2`, { token });
    expect(moved.status).toBe(200);
    expect(moved.json.data[0].bucketId).toBe(variant.buckets.allowed);
    const documented = await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/files`, { token });
    expect(documented.status).toBe(404);
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/intelligence`, { token })).status).toBe(404);
    // The bucket list is not a bucket route: it stays where the spec puts it.
    expect((await call('GET', `/workspaces/${variant.workspaceId}/buckets`, { token })).status).toBe(200);
    // The key's limits still hold at the new shape.
    const restricted = variant.token('restricted');
    expect(
      (await call('GET', `/workspaces/${variant.workspaceId}/bucket/${variant.buckets.other}/files`, { token: restricted })).status,
    ).toBe(404);
  });

  it('serves them at the root without the workspace, finding the workspace of each bucket', async () => {
    const { variant, call } = s as Required<typeof s>;
    s.rule = bucketRoutesAt(BUCKETS_AT_ROOT, new Map([[variant.buckets.allowed, variant.workspaceId]]));
    const token = variant.token('full');
    const served = await call('GET', `/buckets/${variant.buckets.allowed}/files?limit=1`, { token });
    expect(served.status).toBe(200);
    expect(served.json.data).toHaveLength(1);
    expect((await call('GET', `/buckets/bkt_unknown/files`, { token })).status).toBe(404);
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/files`, { token })).status).toBe(404);
    expect(() => bucketRoutesAt(BUCKETS_AT_ROOT)).toThrow(/workspaceOf/);
  });
});

describe('a partly built server', () => {
  const s = swappable();

  it('serves the listed operations and answers 404 with no body on every other route, for every key', async () => {
    const { variant, call } = s as Required<typeof s>;
    s.rule = servesOnly(['listWorkspaces', 'listBuckets', 'listFiles']);
    const own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    for (const name of ['full', 'readonly', 'restricted']) {
      const token = variant.token(name);
      expect((await call('GET', `${own}/files?limit=1`, { token })).status, name).toBe(200);
      const unserved = await call('GET', `${own}/intelligence`, { token });
      expect(unserved.status, name).toBe(404);
      expect(unserved.text).toBe('');
      expect((await call('POST', `${own}/files/trash`, { token, body: { fileIds: ['file_x'] } })).status, name).toBe(404);
    }
    expect((await call('GET', `${own}/intelligence`)).status).toBe(404);
    // A path it serves keeps the server's own answer to a method it does not list; a path it does not serve is 404.
    expect((await call('DELETE', `${own}/files`, { token: variant.token('full') })).status).toBe(405);
    expect((await call('DELETE', `${own}/intelligence`, { token: variant.token('full') })).status).toBe(404);
  });

  it('can answer its 404s with a plain-text body, and refuses an operationId the spec lacks', async () => {
    const { variant, call } = s as Required<typeof s>;
    s.rule = servesOnly(['listWorkspaces'], { body: 'plain' });
    const answer = await call('GET', `/workspaces/${variant.workspaceId}/buckets`, { token: variant.token('full') });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.text).toBe('Not Found');
    expect((await call('GET', '/workspaces', { token: variant.token('full') })).status).toBe(200);
    expect(() => servesOnly(['listWidgets' as never])).toThrow(/Unknown operationId listWidgets/);
  });
});

describe('redirects', () => {
  const s = swappable();
  let recorder: RecordingServer;
  beforeAll(async () => {
    recorder = await startRecordingServer();
  });
  afterAll(async () => recorder?.close());

  it('to another origin: the answer names it, and nothing reached it (the proxy never forwards)', async () => {
    const { variant, call } = s as Required<typeof s>;
    s.rule = redirectToOrigin(recorder.origin, { status: 307, picks: isOperation('listFiles') });
    const own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    const answer = await call('GET', `${own}/files?limit=3`, { token: variant.token('full') });
    expect(answer.status).toBe(307);
    expect(answer.headers.get('location')).toBe(`${recorder.origin}/api/v1${own}/files?limit=3`);
    expect(recorder.received).toEqual([]);
    expect((await call('GET', `/workspaces/${variant.workspaceId}/buckets`, { token: variant.token('full') })).status).toBe(200);
    // The recorder does record what reaches it, headers included.
    await fetch(`${recorder.origin}/probe?x=1`, { headers: { 'x-probe': 'seen' } });
    expect(recorder.received).toHaveLength(1);
    expect(recorder.received[0]).toMatchObject({ method: 'GET', url: '/probe?x=1', headers: { 'x-probe': 'seen' } });
    expect(recorder.received[0].headers.authorization).toBeUndefined();
  });

  it('within the same origin: a relative Location that, followed with the key, gives the real answer', async () => {
    const { variant, call } = s as Required<typeof s>;
    s.rule = redirectWithinOrigin({ status: 302 });
    const token = variant.token('full');
    const answer = await call('GET', '/workspaces', { token });
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location')!;
    expect(location).toBe('/moved/api/v1/workspaces');
    const followed = await fetch(new URL(location, variant.origin), { headers: { authorization: `Bearer ${token}` } });
    expect(followed.status).toBe(200);
    expect(((await followed.json()) as any).data.map((w: any) => w.id)).toContain(variant.workspaceId);
    expect(() => redirectWithinOrigin({ status: 200 as never })).toThrow(/redirect/);
  });
});
