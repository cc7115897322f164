// The scope matrix and the bucketIds matrix, generated from the route table:
// every route with and without its scope, every bucket-scoped route on a
// bucket outside the key's bucketIds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';

const routes = loadRouteTable();
let mock: MockClient;
let allScopes: readonly string[];

beforeAll(async () => {
  mock = await startMockClient();
  allScopes = mock.server.app.knownScopes;
});
afterAll(() => mock.close());

const send = (route: (typeof routes)[number], key: string, bucketId?: string) =>
  mock.call(mock.pathOf(route, bucketId ? { bucketId } : {}), { method: route.method, key, body: route.requestBody?.example });

describe('scope matrix (every route, from the route table)', () => {
  for (const route of routes) {
    it(`${route.method} ${route.pathTemplate} with only ${route.scope} is not refused for scope`, async () => {
      const answer = await send(route, await mock.key([route.scope]));
      expect(answer.status).not.toBe(401);
      if (route.agentForbidden) expect(answer.body.code).toBe('agent_upload_complete_forbidden');
      else expect(answer.body?.code).not.toBe('insufficient_scope');
    });

    it(`${route.method} ${route.pathTemplate} without ${route.scope} is refused 403 insufficient_scope`, async () => {
      const answer = await send(route, await mock.key(allScopes.filter((s) => s !== route.scope)));
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'insufficient_scope', requiredScope: route.scope, status: 403 });
    });
  }
});

describe('bucketIds matrix (every bucket-scoped route)', () => {
  // Upload-complete refuses every API-key client before the bucket is looked at (shared check order).
  for (const route of routes.filter((r) => r.bucketScoped && !r.agentForbidden)) {
    it(`${route.method} ${route.pathTemplate} on a bucket outside bucketIds is 404, worded like a missing bucket`, async () => {
      const key = await mock.key(allScopes, [mock.ids.allowed]);
      const foreign = await send(route, key, mock.ids.other);
      const missing = await send(route, key, 'bkt_doesnotexist');
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('not_found');
      expect(foreign.body.detail.replace(mock.ids.other, 'ID')).toBe(missing.body.detail.replace('bkt_doesnotexist', 'ID'));
      const own = await send(route, key, mock.ids.allowed);
      expect(own.body?.detail ?? '').not.toContain(`No bucket ${mock.ids.allowed}`);
    });
  }

  it('GET /workspaces and GET .../buckets show only what bucketIds reach', async () => {
    const key = await mock.key(allScopes, [mock.ids.allowed]);
    const workspaces = await mock.call('/workspaces', { key });
    expect(workspaces.body.data.map((w: any) => [w.id, w.bucketCount])).toEqual([[mock.ids.workspace, 1]]);
    const buckets = await mock.call(`/workspaces/${mock.ids.workspace}/buckets`, { key });
    expect(buckets.body.data.map((b: any) => b.id)).toEqual([mock.ids.allowed]);
    const hidden = await mock.call(`/workspaces/${mock.ids.otherWorkspace}/buckets`, { key });
    expect(hidden.status).toBe(404);
  });

  it('a file of another bucket addressed through an allowed bucket is 404', async () => {
    const full = mock.server.app.presetKeys.full;
    const [foreignFile] = (await mock.call(`/workspaces/${mock.ids.workspace}/buckets/${mock.ids.other}/files?limit=1`, { key: full })).body
      .data;
    const key = await mock.key(allScopes, [mock.ids.allowed]);
    const base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
    const attempts = [
      mock.call(`${base}/files/${foreignFile.id}`, { method: 'PATCH', key, body: { description: 'x' } }),
      mock.call(`${base}/files/presign-download`, { key, body: { fileId: foreignFile.id } }),
      mock.call(`${base}/files/trash`, { key, body: { fileIds: [foreignFile.id] } }),
      mock.call(`${base}/files/move`, { key, body: { fileIds: [foreignFile.id], destination: { prefix: 'x/' } } }),
      mock.call(`${base}/suggestions`, { key, body: { fileId: foreignFile.id, kind: 'add_tags', proposal: { tags: ['x'] } } }),
      mock.call(`${base}/agent`, { key, body: { prompt: 'hi', fileIds: [foreignFile.id] } }),
    ];
    for (const answer of await Promise.all(attempts))
      expect(answer.body).toMatchObject({
        status: 404,
        code: 'not_found',
        detail: `No file ${foreignFile.id} in bucket ${mock.ids.allowed}.`,
      });
    const unchanged = await mock.call(`/workspaces/${mock.ids.workspace}/buckets/${mock.ids.other}/files?limit=1`, { key: full });
    expect(unchanged.body.data[0]).toEqual(foreignFile);
  });

  it('a move into a bucket outside bucketIds is 404 and moves nothing', async () => {
    const key = await mock.key(allScopes, [mock.ids.allowed]);
    const base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
    const [file] = (await mock.call(`${base}/files?limit=1`, { key })).body.data;
    const answer = await mock.call(`${base}/files/move`, {
      key,
      body: { fileIds: [file.id], destination: { bucketId: mock.ids.other, prefix: 'x/' } },
    });
    expect(answer.body).toMatchObject({ status: 404, detail: `No bucket ${mock.ids.other} in workspace ${mock.ids.workspace}.` });
    expect((await mock.call(`${base}/files?limit=1`, { key })).body.data[0]).toEqual(file);
  });
});
