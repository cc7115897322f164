// src/files.test.ts: the app's own fixtures, a failure on demand (a scenario) and the contract coverage of the run.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { formatCoverage, setupMockServer } from 'bucketkit/msw/node';
import { ApiError, createApiClient, listFiles, retryOnce } from './api-client.ts';
import { fixtures } from './mocks/fixtures.ts';

const mock = setupMockServer({ seed: 7, fixtures });
beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset()); // the fixtures back, minted keys and scenarios gone
afterAll(() => {
  mock.server.close();
  console.log(formatCoverage(mock.coverage())); // which documented answers these tests met, and which they never met
});

const viewer = () => createApiClient('http://127.0.0.1:4010/api/v1', mock.app.fixtureKeys.viewer);

it('lists the bucket’s files, not the one in the trash', async () => {
  const files = await listFiles(viewer(), 'ws_acme', 'bkt_reports');
  expect(files.map((f) => f.path)).toEqual(['reports/notes.md', 'reports/q1.pdf']);
});

it('retries once when the server answers 503, then shows the files', async () => {
  mock.scenario('listFiles', { status: 503, times: 1 });
  let retries = 0;
  const files = await retryOnce(() => listFiles(viewer(), 'ws_acme', 'bkt_reports'), () => retries++);
  expect([retries, files.length]).toEqual([1, 2]);
});

it('gives up when the server keeps failing', async () => {
  mock.scenario('listFiles', { status: 500 });
  await expect(retryOnce(() => listFiles(viewer(), 'ws_acme', 'bkt_reports'))).rejects.toBeInstanceOf(ApiError);
  expect(mock.requests().slice(-2).map((r) => [r.operationId, r.status])).toEqual([['listFiles', 500], ['listFiles', 500]]);
});

it('the viewer key reaches only its bucket: another bucket is 404, as if it did not exist', async () => {
  const [seeded] = mock.app.info().workspaces.filter((w) => w.id !== 'ws_acme');
  await expect(listFiles(viewer(), seeded.id, seeded.buckets[0])).rejects.toMatchObject({ status: 404 });
});
