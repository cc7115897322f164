// A team's own end-to-end test, written with bucketkit's Playwright fixtures: a client per key of the deployment's
// config. It asserts what the team cares about; every exchange it sends is also judged by the seed's rules (scope,
// auth, bucketIds, no 5xx), so a server that leaks another bucket's files to this key fails it too.
import { expect, test } from 'bucketkit/playwright';

test('the one-bucket key lists the files of its bucket', async ({ keys, deployment }) => {
  const answer = await keys.restricted.call('listFiles', { bucket: 'allowed' });
  expect(answer.status).toBe(200);
  expect(deployment.buckets.allowed).not.toBe(deployment.buckets.other);
});

test("the one-bucket key reads its bucket's trash", async ({ keys }) => {
  const answer = await keys.restricted.call('getTrash', { bucket: 'allowed' });
  expect(answer.status).toBe(200);
});

test('a file the full key uploads is listed, and its tags can be changed', async ({ keys, testData }) => {
  const file = await testData.file('allowed');
  const changed = await keys.full.call('updateFile', { fileId: file.id, json: { tags: ['reviewed'] } });
  expect(changed.status).toBe(200);
});
