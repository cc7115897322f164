// The probes of the faults that the body, value and size variants reveal (see
// fault-probes.ts): a field repeated, a name with an escape or folded, an id
// in another case or with whitespace, a prefix that folds into '..', and a
// batch above the page size. Each sends the one variant a valid request is
// away from, by a key barred from the other bucket, and asks whether that
// bucket changed or showed.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';

const bucketPath = (mock: MockClient, bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const keys = (mock: MockClient) => mock.server.app.presetKeys;
const firstFile = async (mock: MockClient, bucket: string) =>
  (await mock.call(`${bucketPath(mock, bucket)}/files?limit=1`, { key: keys(mock).full })).body.data[0] as { id: string };
const trashHolds = async (mock: MockClient, bucket: string, fileId: string) =>
  (await mock.call(`${bucketPath(mock, bucket)}/trash?limit=500`, { key: keys(mock).full })).body.data.some(
    (entry: { fileId: string }) => entry.fileId === fileId,
  );

/** Trashes through the allowed bucket with the restricted key, as `body(own, other)` says; whether the other bucket's file went. */
async function trashesOther(mock: MockClient, body: (own: string, other: string) => string): Promise<boolean> {
  const [own, other] = [await firstFile(mock, mock.ids.allowed), await firstFile(mock, mock.ids.other)];
  await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/trash`, {
    method: 'POST',
    key: keys(mock).restricted,
    rawBody: body(own.id, other.id),
    headers: { 'content-type': 'application/json' },
  });
  return trashHolds(mock, mock.ids.other, other.id);
}

/** Whether a listing through the allowed bucket's route, as `path` spells it, shows a file of the other bucket. */
const listsOther = async (mock: MockClient, path: string) => {
  const answer = await mock.call(path, { key: keys(mock).restricted });
  return answer.status === 200 && answer.body.data.some((f: { bucketId: string }) => f.bucketId === mock.ids.other);
};

type Probed = Extract<
  FaultName,
  | 'duplicate-key-last-wins'
  | 'escaped-field-name-unchecked'
  | 'snake-case-bucket-id-honoured'
  | 'id-case-folded-after-check'
  | 'id-trimmed-after-check'
  | 'prefix-normalised-after-check'
  | 'large-batch-skips-bucket-check'
>;

export const BODY_PROBES: Record<Probed, RuleProbe> = {
  'duplicate-key-last-wins': (mock) =>
    trashesOther(mock, (own, other) => `{"fileIds":${JSON.stringify([own])},"fileIds":${JSON.stringify([other])}}`),
  'escaped-field-name-unchecked': (mock) =>
    trashesOther(mock, (_own, other) => `{"fileIds":${JSON.stringify([other])},"bucket\\u0049d":${JSON.stringify(mock.ids.other)}}`),
  'snake-case-bucket-id-honoured': (mock) =>
    trashesOther(mock, (_own, other) => JSON.stringify({ fileIds: [other], bucket_id: mock.ids.other })),
  'id-case-folded-after-check': (mock) => listsOther(mock, `${bucketPath(mock, mock.ids.other.toUpperCase())}/files?limit=5`),
  'id-trimmed-after-check': (mock) => trashesOther(mock, (_own, other) => JSON.stringify({ fileIds: [`${other}\n`] })),
  'prefix-normalised-after-check': (mock) =>
    listsOther(mock, `${bucketPath(mock, mock.ids.allowed)}/files?prefix=${encodeURIComponent(`\uff0e\uff0e/${mock.ids.other}/`)}`),
  'large-batch-skips-bucket-check': (mock) =>
    trashesOther(mock, (own, other) => JSON.stringify({ fileIds: [own, ...Array.from({ length: 60 }, (_, i) => `${own}-bk${i}`), other] })),
};
