// The MSW worker in headless Chromium answers the page's fetch with the mock's
// behaviour: keys, scopes and bucketIds enforced, and nothing reaches the network.
import { fillPath, listScopes, type Route } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import { isMockPath } from '../msw/msw-adapter.ts';
import { expect, test, type MockPage } from './mock-page.fixture.ts';

const routes = loadRouteTable();
const route = (operationId: string): Route => routes.find((r) => r.operationId === operationId)!;
const apiBase = specBasePath(loadBundledSpec());
const apiPath = (operationId: string, ids: Record<string, string>) => `${apiBase}${fillPath(route(operationId).pathTemplate, ids)}`;
const allScopes = listScopes(loadBundledSpec()).map((s) => s.scope);
const readOnlyScopes = [...new Set(routes.filter((r) => !r.mutates).map((r) => r.scope))];

interface SeededIds {
  workspaceId: string;
  bucketIds: string[];
}

// The first seeded workspace with two buckets, as the mock describes it.
async function seededWorkspace(mockPage: MockPage): Promise<SeededIds> {
  const info = await mockPage.fetch('/__mock/info');
  expect(info.status).toBe(200);
  const workspace = info.body.workspaces.find((w: { buckets: string[] }) => w.buckets.length >= 2);
  expect(workspace, 'the seeded world has a workspace with two buckets').toBeDefined();
  return { workspaceId: workspace.id, bucketIds: workspace.buckets };
}

test('a read-only key lists the seeded workspaces', async ({ mockPage }) => {
  const info = await mockPage.fetch('/__mock/info');
  const token = await mockPage.mintKey(readOnlyScopes, null);

  const listed = await mockPage.fetch(apiPath('listWorkspaces', {}), { token });

  expect(listed.status).toBe(200);
  expect(listed.body.data.map((w: { id: string }) => w.id)).toEqual(info.body.workspaces.map((w: { id: string }) => w.id));
  expect(listed.body.data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), createdAt: expect.any(String) });
  expect(listed.body.nextCursor).toBeNull();
});

test('the same read-only key is refused 403 insufficient_scope on a write, and the file is unchanged', async ({ mockPage }) => {
  const { workspaceId, bucketIds } = await seededWorkspace(mockPage);
  const token = await mockPage.mintKey(readOnlyScopes, null);
  const files = await mockPage.fetch(apiPath('listFiles', { workspaceId, bucketId: bucketIds[0] }), { token });
  const file = files.body.data[0];
  const update = route('updateFile');

  const refused = await mockPage.fetch(apiPath('updateFile', { workspaceId, bucketId: bucketIds[0], fileId: file.id }), {
    method: update.method,
    token,
    json: update.requestBody!.example,
  });

  expect(refused.status).toBe(403);
  expect(refused.contentType).toContain('application/problem+json');
  expect(refused.body).toMatchObject({ status: 403, code: 'insufficient_scope', requiredScope: update.scope });
  const after = await mockPage.fetch(apiPath('listFiles', { workspaceId, bucketId: bucketIds[0] }), { token });
  expect(after.body.data[0]).toEqual(file);
});

test('a key restricted to one bucket gets 404 not_found for the other bucket, worded as for a missing bucket', async ({ mockPage }) => {
  const {
    workspaceId,
    bucketIds: [allowed, other],
  } = await seededWorkspace(mockPage);
  const token = await mockPage.mintKey(allScopes, [allowed]);

  const own = await mockPage.fetch(apiPath('listFiles', { workspaceId, bucketId: allowed }), { token });
  const foreign = await mockPage.fetch(apiPath('listFiles', { workspaceId, bucketId: other }), { token });
  const missing = await mockPage.fetch(apiPath('listFiles', { workspaceId, bucketId: 'bkt_missing' }), { token });

  expect(own.status).toBe(200);
  expect(foreign.status).toBe(404);
  expect(foreign.body).toMatchObject({ status: 404, code: 'not_found' });
  expect(JSON.stringify(foreign.body).replaceAll(other, '{id}')).toBe(JSON.stringify(missing.body).replaceAll('bkt_missing', '{id}'));
});

test('every API request is answered by the worker inside the page; none reaches the network', async ({ mockPage, site }) => {
  const token = await mockPage.mintKey(readOnlyScopes, null);
  await mockPage.fetch(apiPath('listWorkspaces', {}), { token });
  await mockPage.fetch(apiPath('listWorkspaces', {}));

  // MSW's life-cycle events and Playwright's view of the responses arrive asynchronously.
  await expect
    .poll(async () => (await mockPage.events()).mocked)
    .toEqual(['POST /__mock/keys 201', `GET ${apiBase}/workspaces 200`, `GET ${apiBase}/workspaces 401`]);
  await expect.poll(() => mockPage.mockResponses.map((r) => r.fromServiceWorker)).toEqual([true, true, true]);
  const events = await mockPage.events();
  expect(events.unhandled).toEqual([]);
  expect(events.bypassed).toEqual([]);
  expect(site.requests.filter((line) => isMockPath(new URL(line.split(' ')[1], site.origin).pathname))).toEqual([]);
});
