// The probes of the faults that request variants reveal (see fault-probes.ts):
// another spelling of a path, of the credential or of a write's content type;
// an id in a cursor, a presigned URL, the query, a batch or a move destination;
// the largest page and HEAD; a record's fields in a body. Each sends the one
// variant a valid request is away from and asks whether its rule broke.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';
import { rawRequest } from './raw-http.ts';

const bucketPath = (mock: MockClient, bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const keys = (mock: MockClient) => mock.server.app.presetKeys;
const firstFile = async (mock: MockClient, bucket: string) =>
  (await mock.call(`${bucketPath(mock, bucket)}/files?limit=1`, { key: keys(mock).full })).body.data[0] as { id: string; path: string };
/** Whether the bucket lists the file as its own now (its path is the prefix: one request, whatever the bucket's size). */
const lists = async (mock: MockClient, bucket: string, file: { id: string; path: string }) =>
  (await mock.call(`${bucketPath(mock, bucket)}/files?prefix=${encodeURIComponent(file.path)}`, { key: keys(mock).full })).body.data.some(
    (f: { id: string; bucketId: string }) => f.id === file.id && f.bucketId === bucket,
  );
const trashHolds = async (mock: MockClient, bucket: string, fileId: string) =>
  (await mock.call(`${bucketPath(mock, bucket)}/trash?limit=500`, { key: keys(mock).full })).body.data.some(
    (entry: { fileId: string }) => entry.fileId === fileId,
  );
/** Whether a GET sent as written (fetch would resolve dot segments first) with a files:read key gets a listing. */
async function listedAsSent(mock: MockClient, path: string): Promise<boolean> {
  const answer = await rawRequest(mock.server.origin, {
    path: `${new URL(mock.server.baseUrl).pathname}${path}`,
    headers: { authorization: `Bearer ${await mock.key(['files:read'])}` },
  });
  try {
    return Array.isArray(JSON.parse(answer.body).data);
  } catch {
    return false;
  }
}

type Probed = Extract<
  FaultName,
  | 'path-case-skips-scope'
  | 'dot-segment-skips-scope'
  | 'matrix-param-skips-scope'
  | 'key-case-insensitive'
  | 'session-cookie-accepted'
  | 'non-json-write-skips-scope'
  | 'cursor-crosses-buckets'
  | 'presigned-url-file-swap'
  | 'query-bucket-overrides-path'
  | 'batch-later-ids-unchecked'
  | 'move-destination-dotdot'
  | 'limit-max-spans-buckets'
  | 'head-ignores-bucket-limits'
  | 'mass-assignment-partial'
  | 'body-bucket-id-every-write'
  | 'restore-body-bucket'
>;

export const VARIANT_PROBES: Record<Probed, RuleProbe> = {
  // A files:read key lists automations (automations:read) through another spelling of the path.
  'path-case-skips-scope': async (mock) => listedAsSent(mock, `${bucketPath(mock, mock.ids.allowed)}/AUTOMATIONS`),
  'dot-segment-skips-scope': async (mock) => listedAsSent(mock, `${bucketPath(mock, mock.ids.allowed)}/./automations`),
  'matrix-param-skips-scope': async (mock) => listedAsSent(mock, `${bucketPath(mock, mock.ids.allowed)}/automations;v=1`),
  'key-case-insensitive': async (mock) => (await mock.call('/workspaces', { key: keys(mock).full.toUpperCase() })).status === 200,
  // The cookie an answer set, sent back without a key (a server that sets none gets a made-up one).
  'session-cookie-accepted': async (mock) => {
    const set = (await mock.call('/workspaces', { key: keys(mock).full })).headers.get('set-cookie');
    if (!set) return false;
    return (await mock.call('/workspaces', { headers: { cookie: set.split(';')[0] } })).status === 200;
  },
  'non-json-write-skips-scope': async (mock) => {
    const path = `${bucketPath(mock, mock.ids.allowed)}/intelligence`;
    const instructions = `form probe ${Date.now()}`;
    await mock.call(path, {
      method: 'PATCH',
      key: await mock.key(mock.server.app.knownScopes.filter((s) => s !== 'intelligence:write')),
      rawBody: JSON.stringify({ instructions }),
      headers: { 'content-type': 'text/plain' },
    });
    return (await mock.call(path, { key: keys(mock).full })).body.instructions === instructions;
  },
  'cursor-crosses-buckets': async (mock) => {
    const other = await mock.call(`${bucketPath(mock, mock.ids.other)}/files?limit=1`, { key: keys(mock).full });
    const url = `${bucketPath(mock, mock.ids.allowed)}/files?limit=1&cursor=${encodeURIComponent(other.body.nextCursor)}`;
    const answer = await mock.call(url, { key: keys(mock).restricted });
    return (answer.body.data ?? []).some((f: { bucketId: string }) => f.bucketId !== mock.ids.allowed);
  },
  'presigned-url-file-swap': async (mock) => {
    const [own, other] = [await firstFile(mock, mock.ids.allowed), await firstFile(mock, mock.ids.other)];
    const offer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/presign-download`, {
      key: keys(mock).restricted,
      body: { fileId: own.id },
    });
    if (offer.status !== 200) return false;
    return (await fetch(offer.body.url.replace(`/__downloads/${own.id}`, `/__downloads/${other.id}`))).status === 200;
  },
  'query-bucket-overrides-path': async (mock) =>
    (
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=5&bucketId=${mock.ids.other}`, { key: keys(mock).restricted })
    ).body.data.some((f: { bucketId: string }) => f.bucketId === mock.ids.other),
  'batch-later-ids-unchecked': async (mock) => {
    const [own, other] = [await firstFile(mock, mock.ids.allowed), await firstFile(mock, mock.ids.other)];
    const body = { fileIds: [own.id, other.id] };
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/trash`, { key: keys(mock).restricted, body });
    return trashHolds(mock, mock.ids.other, other.id);
  },
  'move-destination-dotdot': async (mock) => {
    const own = await firstFile(mock, mock.ids.allowed);
    const body = { fileIds: [own.id], destination: { prefix: `../${mock.ids.other}/probe-dotdot/` } };
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/move`, { key: keys(mock).restricted, body });
    const moved = await mock.call(`${bucketPath(mock, mock.ids.other)}/files?prefix=probe-dotdot/`, { key: keys(mock).full });
    return moved.body.data.some((f: { id: string }) => f.id === own.id);
  },
  'limit-max-spans-buckets': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?limit=1000`, { key: keys(mock).restricted })).body.data.some(
      (f: { bucketId: string }) => f.bucketId !== mock.ids.allowed,
    ),
  'head-ignores-bucket-limits': async (mock) =>
    (await mock.call(`${bucketPath(mock, mock.ids.other)}/automations`, { method: 'HEAD', key: keys(mock).restricted })).status === 200,
  'mass-assignment-partial': async (mock) => {
    const own = await firstFile(mock, mock.ids.allowed);
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${own.id}`, {
      method: 'PATCH',
      key: keys(mock).restricted,
      body: { bucketId: mock.ids.other },
    });
    return lists(mock, mock.ids.other, own);
  },
  'body-bucket-id-every-write': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    const body = { fileIds: [other.id], bucketId: mock.ids.other };
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/trash`, { key: keys(mock).restricted, body });
    return trashHolds(mock, mock.ids.other, other.id);
  },
  'restore-body-bucket': async (mock) => {
    const other = await firstFile(mock, mock.ids.other);
    await mock.call(`${bucketPath(mock, mock.ids.other)}/files/trash`, { key: keys(mock).full, body: { fileIds: [other.id] } });
    // A server that did not trash it (or kept nothing) has nothing to restore.
    if (!(await trashHolds(mock, mock.ids.other, other.id))) return false;
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/trash`, {
      method: 'PATCH',
      key: keys(mock).restricted,
      body: { restore: [other.id], bucketId: mock.ids.other },
    });
    return lists(mock, mock.ids.other, other);
  },
};
