// A team's own end-to-end test, written with bucketkit's Playwright fixtures: a client per key of the deployment's
// config, `keys` typed by the kit's key plan (the names of both kit mocks' keys), each call and answer typed by the
// contract. It asserts what the team cares about; every exchange it sends is also judged by the seed's rules (scope,
// auth, bucketIds, no 5xx), so a server that leaks another bucket's files to this key fails it too.
import { expect, testFor, type KitKeyName } from 'bucketkit/playwright';

const test = testFor<KitKeyName>();

test('the one-bucket key lists the files of its bucket', async ({ keys, deployment }) => {
  const answer = await keys.restricted.call('listFiles', { bucket: 'allowed', query: { limit: 5 } });
  expect(answer.status).toBe(200);
  if (answer.status === 200) expect(answer.json.data.every((file) => file.bucketId === deployment.buckets.allowed)).toBe(true);
});

test("the one-bucket key reads its bucket's trash", async ({ keys }) => {
  const answer = await keys.restricted.call('getTrash', { bucket: 'allowed' });
  expect(answer.status).toBe(200);
});

test('a file the full key uploads is listed, and its tags can be changed', async ({ keys, testData }) => {
  const file = await testData.file('allowed');
  const changed = await keys.full.call('updateFile', { fileId: file.id, json: { tags: ['reviewed'] } });
  expect(changed.status).toBe(200);
  if (changed.status === 200) expect(changed.json.tags).toEqual(['reviewed']);
});
