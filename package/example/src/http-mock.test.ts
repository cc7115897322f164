// src/http-mock.test.ts: the HTTP mock on a free port, for tests that need a real server (other processes, proxies).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer, type MockServer } from 'bucketkit';
import { createApiClient } from './api-client.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, seed: 7 });
});
afterAll(() => mock.close());

it('shows a key limited to one bucket only that bucket', async () => {
  const [workspace] = mock.app.info().workspaces;
  const { data } = await createApiClient(mock.baseUrl, mock.app.presetKeys.restricted).GET('/workspaces/{workspaceId}/buckets', {
    params: { path: { workspaceId: workspace.id } },
  });
  expect(data?.data.map((b) => b.id)).toEqual([workspace.buckets[0]]);
});
