// Fixtures, scenarios and coverage in the page: the worker serves the test
// fixtures (a bucket of three files, one in the trash), a scenario set from
// the page fails the next listing once and then drops a connection, and the
// coverage read in the page shows what was met.
import { expect, test } from './mock-page.fixture.ts';
import { ACME, REPORTS } from '../test/support/sample-fixtures.ts';
import type { MswMock } from '../msw/browser.ts';
import type { MswTestPageState } from './test-page/page-entry.ts';

const FILES = `/api/v1/workspaces/${ACME}/buckets/${REPORTS}/files`;
type PageWindow = { mswTest: MswTestPageState & { mock: MswMock } };

test('the fixtures’ bucket lists two files and keeps the third in the trash; the fixture key reaches it', async ({ fixturesPage }) => {
  const alice = await fixturesPage.page.evaluate(() => (globalThis as unknown as PageWindow).mswTest.mock.app.fixtureKeys.alice);
  const listed = await fixturesPage.fetch(FILES, { token: alice });
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((f: { path: string }) => f.path)).toEqual(['reports/2026/notes.txt', 'reports/2026/q1.pdf']);
  const trash = await fixturesPage.fetch(`/api/v1/workspaces/${ACME}/buckets/${REPORTS}/trash`, { token: alice });
  expect(trash.status).toBe(200);
  expect(trash.body.data.map((e: { path: string }) => e.path)).toEqual(['reports/2025/draft.pdf']);
});

test('a scenario set in the page answers 503 once, then a dropped connection, then the mock again; coverage shows it', async ({
  fixturesPage,
}) => {
  const full = await fixturesPage.page.evaluate(() => {
    const { mock } = (globalThis as unknown as PageWindow).mswTest;
    mock.scenario('listFiles', { status: 503, times: 1 });
    return mock.app.presetKeys.full;
  });
  expect((await fixturesPage.fetch(FILES, { token: full })).status).toBe(503);
  await fixturesPage.page.evaluate(
    () => void (globalThis as unknown as PageWindow).mswTest.mock.scenario('listFiles', { networkError: true, times: 1 }),
  );
  expect(await fixturesPage.fetch(FILES, { token: full })).toMatchObject({ status: 0, body: expect.stringMatching(/^TypeError/) });
  expect((await fixturesPage.fetch(FILES, { token: full })).status).toBe(200);
  expect((await fixturesPage.fetch(FILES)).status).toBe(401);

  const listFiles = await fixturesPage.page.evaluate(() =>
    (globalThis as unknown as PageWindow).mswTest.mock.coverage().operations.find((o) => o.operationId === 'listFiles')!,
  );
  expect(listFiles.met.map((a) => `${a.label} ×${a.count}`)).toEqual(['200 ×1', '401 unauthenticated ×1']);
  expect(listFiles.undocumented.map((a) => `${a.label} ×${a.count}`)).toEqual(['503 service_unavailable ×1']);
  expect(listFiles.unanswered).toBe(1);
  const log = await fixturesPage.page.evaluate(() => (globalThis as unknown as PageWindow).mswTest.mock.requests());
  expect(JSON.stringify(log)).not.toContain(full);
  expect(log.map((e) => e.key)).toEqual(['full', 'full', 'full', null]);
});

test('an unknown option of startMockWorker throws naming the nearest valid one', async ({ fixturesPage }) => {
  const { unknownOption } = await fixturesPage.events();
  expect(unknownOption).toMatch(/"quit" is not an option of startMockWorker; did you mean "quiet"\?/);
});
