// The correct mock's answers to variants that put an id, an edge value or a
// field where a valid request had another, generated from the route table:
// ?bucketId=, another bucket's cursor, a swapped presigned URL, foreign ids
// later in a batch, '..' in a move destination, limit at its bounds, HEAD of
// every GET, and a record's own fields in every write body. A key restricted to
// one bucket never reaches another (planted faults: faults.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';

const routes = loadRouteTable();
const validator = loadSchemaValidator();
const listings = routes.filter((r) => r.method === 'GET' && r.bucketScoped && r.queryParams.some((p) => p.name === 'cursor'));
let mock: MockClient;

beforeAll(async () => {
  mock = await startMockClient();
});
beforeEach(() => mock.server.app.reset());
afterAll(() => mock.close());

const keys = () => mock.server.app.presetKeys;
const bucketPath = (bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const firstFile = async (bucket: string) => (await mock.call(`${bucketPath(bucket)}/files?limit=1`, { key: keys().full })).body.data[0];
/** Every item of a listing answer belongs to the bucket. */
const onlyOf = (bucket: string, body: { data: { bucketId: string }[] }) => body.data.every((item) => item.bucketId === bucket);

describe('ids in other positions than the path', () => {
  for (const route of routes.filter((r) => r.method === 'GET' && r.bucketScoped)) {
    it(`GET ${route.pathTemplate}?bucketId=<another bucket> answers as without it`, async () => {
      const path = mock.pathOf(route);
      const canonical = await mock.call(path, { key: keys().restricted });
      const variant = await mock.call(`${path}?bucketId=${mock.ids.other}`, { key: keys().restricted });
      expect(variant.status).toBe(canonical.status);
      expect(variant.body).toEqual(canonical.body);
    });
  }

  for (const route of listings) {
    it(`GET ${route.pathTemplate} with a cursor of another bucket's listing lists nothing of that bucket`, async () => {
      const other = await mock.call(`${mock.pathOf(route, { bucketId: mock.ids.other })}?limit=1`, { key: keys().full });
      const cursor = other.body.nextCursor as string | null;
      // A listing too short for a second page has no cursor to replay.
      if (route.operationId === 'listFiles') expect(cursor).toBeTypeOf('string');
      if (!cursor) return;
      const replayed = await mock.call(`${mock.pathOf(route)}?limit=5&cursor=${encodeURIComponent(cursor)}`, { key: keys().restricted });
      if (replayed.status === 200) expect(onlyOf(mock.ids.allowed, replayed.body)).toBe(true);
      else expect([400, 404]).toContain(replayed.status);
    });
  }

  it("a presigned download URL with another file's id in its path is 404", async () => {
    const [own, other] = [await firstFile(mock.ids.allowed), await firstFile(mock.ids.other)];
    const offer = await mock.call(`${bucketPath(mock.ids.allowed)}/files/presign-download`, {
      key: keys().restricted,
      body: { fileId: own.id },
    });
    expect((await fetch(offer.body.url)).status).toBe(200);
    const swapped = await fetch(offer.body.url.replace(`/__downloads/${own.id}`, `/__downloads/${other.id}`));
    expect(swapped.status).toBe(404);
  });

  it('a file of another bucket later in a batch (trash, move, agent, restore) refuses the whole batch 404', async () => {
    const [own, other] = [await firstFile(mock.ids.allowed), await firstFile(mock.ids.other)];
    const ids = [own.id, other.id];
    const base = bucketPath(mock.ids.allowed);
    const key = keys().restricted;
    const batches = [
      mock.call(`${base}/files/trash`, { key, body: { fileIds: ids } }),
      mock.call(`${base}/files/move`, { key, body: { fileIds: ids, destination: { prefix: 'batch/' } } }),
      mock.call(`${base}/agent`, { key, body: { prompt: 'what is there', fileIds: ids } }),
    ];
    for (const answer of await Promise.all(batches))
      expect(answer.body).toMatchObject({ status: 404, detail: expect.stringContaining(other.id) });
    await mock.call(`${base}/files/trash`, { key: keys().full, body: { fileIds: [own.id] } });
    await mock.call(`${bucketPath(mock.ids.other)}/files/trash`, { key: keys().full, body: { fileIds: [other.id] } });
    for (const list of ['restore', 'purge'])
      expect((await mock.call(`${base}/trash`, { method: 'PATCH', key, body: { [list]: ids } })).status).toBe(404);
    const trashed = await mock.call(`${bucketPath(mock.ids.other)}/trash?limit=500`, { key: keys().full });
    expect(trashed.body.data.map((e: { fileId: string }) => e.fileId)).toContain(other.id);
  });

  it("'..' in a move destination is 422, whichever bucket it would climb to", async () => {
    const own = await firstFile(mock.ids.allowed);
    for (const prefix of [`../${mock.ids.other}/x/`, `x/../../${mock.ids.other}/`, './x/', 'x/../']) {
      const body = { fileIds: [own.id], destination: { prefix } };
      const answer = await mock.call(`${bucketPath(mock.ids.allowed)}/files/move`, { key: keys().restricted, body });
      expect(answer.body).toMatchObject({ status: 422, errors: [expect.objectContaining({ field: '/destination/prefix' })] });
    }
  });
});

describe('edge values of limit, and HEAD of every GET', () => {
  for (const route of listings) {
    it(`GET ${route.pathTemplate}: limit at its bounds lists only the key's bucket; past them it is 400`, async () => {
      const limit = route.queryParams.find((p) => p.name === 'limit')!.schema;
      for (const value of [limit.minimum, limit.maximum]) {
        const answer = await mock.call(`${mock.pathOf(route)}?limit=${value}`, { key: keys().restricted });
        expect(answer.status).toBe(200);
        expect(onlyOf(mock.ids.allowed, answer.body)).toBe(true);
      }
      for (const value of [0, -1, Number(limit.maximum) + 1, 1.5, 'all'])
        expect((await mock.call(`${mock.pathOf(route)}?limit=${value}`, { key: keys().restricted })).status).toBe(400);
    });
  }

  for (const route of routes.filter((r) => r.method === 'GET')) {
    it(`HEAD ${route.pathTemplate} answers as the GET does, and 404 on a bucket outside bucketIds`, async () => {
      const [get, head] = await Promise.all(
        ['GET', 'HEAD'].map((method) => mock.call(mock.pathOf(route), { method, key: keys().restricted })),
      );
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.text).toBe('');
      if (route.bucketScoped) {
        const foreign = mock.pathOf(route, { bucketId: mock.ids.other });
        expect((await mock.call(foreign, { method: 'HEAD', key: keys().restricted })).status).toBe(404);
      }
    });
  }
});

/** The records' own fields, with a value of each that a server binding bodies to its model would take. */
const RECORD_FIELDS = (mock: MockClient): Record<string, unknown> => ({
  id: 'file_assigned',
  bucketId: mock.ids.other,
  workspaceId: mock.ids.otherWorkspace,
  path: 'assigned/a.txt',
  name: 'a.txt',
  size: 1,
  contentType: 'text/plain',
  status: 'ready',
  createdAt: '2020-01-01T00:00:00Z',
  updatedAt: '2020-01-01T00:00:00Z',
});

/** The record fields a route's body schema does not know, by the spec's own validator. */
const unknownFields = (route: Route, fields: Record<string, unknown>) =>
  Object.keys(fields).filter((name) =>
    validator
      .validateRequestBody(route, { ...(route.requestBody!.example as object), [name]: fields[name] })
      .some((e) => e.field === `/${name}`),
  );

describe('a record field the body does not offer, beside the valid fields or alone', () => {
  for (const route of routes.filter((r) => r.requestBody && !r.agentForbidden)) {
    it(`${route.method} ${route.pathTemplate} refuses each such field 422 both ways`, async () => {
      const fields = RECORD_FIELDS(mock);
      const names = unknownFields(route, fields);
      expect(names).toContain('bucketId');
      for (const name of names) {
        const send = (body: unknown) => mock.call(mock.pathOf(route), { method: route.method, key: keys().restricted, body });
        expect((await send({ ...(route.requestBody!.example as object), [name]: fields[name] })).status, name).toBe(422);
        expect((await send({ [name]: fields[name] })).status, `${name} alone`).toBe(422);
      }
    });
  }
});
