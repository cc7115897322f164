// src/workspaces.test.ts: the mock inside a Vitest run through MSW in Node; no server, no port.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setupMockServer } from 'bucketkit/msw/node';
import { createApiClient, listWorkspaces } from './api-client.ts';

const mock = setupMockServer({ seed: 7 }); // answers http://127.0.0.1:4010
beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset()); // the seeded world back, minted keys forgotten
afterAll(() => mock.server.close());

const api = (key: string) => createApiClient('http://127.0.0.1:4010/api/v1', key);

it('lists the seeded workspaces with a ready key', async () => {
  const workspaces = await listWorkspaces(api(mock.app.presetKeys.readonly));
  expect(workspaces.map((w) => w.id)).toEqual(mock.app.info().workspaces.map((w) => w.id));
});

it('refuses a route whose scope the key lacks, and names the scope', async () => {
  const minted = await fetch('http://127.0.0.1:4010/__mock/keys', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes: ['workspaces:read'], bucketIds: null }),
  });
  const { token } = (await minted.json()) as { token: string };
  const [workspace] = mock.app.info().workspaces;
  const { response, error } = await api(token).GET('/workspaces/{workspaceId}/buckets', {
    params: { path: { workspaceId: workspace.id } },
  });
  expect(response.status).toBe(403);
  expect(error).toMatchObject({ code: 'insufficient_scope', requiredScope: 'buckets:read' });
});
