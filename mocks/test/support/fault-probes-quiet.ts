// The probes of the quiet write faults (mocks/faults/quiet-write-faults.ts):
// each sends the barred write a valid request is away from and asks whether
// it landed in the other bucket while its answer showed nothing of it.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';

const bucketPath = (mock: MockClient, bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const keys = (mock: MockClient) => mock.server.app.presetKeys;
/** Whether the bucket lists a file of its own at the path now (its path is the prefix). */
const listedAt = async (mock: MockClient, bucket: string, path: string) =>
  (await mock.call(`${bucketPath(mock, bucket)}/files?prefix=${encodeURIComponent(path)}`, { key: keys(mock).full })).body.data.some(
    (f: { path: string; bucketId: string }) => f.path === path && f.bucketId === bucket,
  );

type Probed = Extract<FaultName, 'restore-body-bucket-quiet' | 'presigned-upload-bucket-swap' | 'automation-body-bucket-quiet'>;

export const QUIET_PROBES: Record<Probed, RuleProbe> = {
  'restore-body-bucket-quiet': async (mock) => {
    const other = (await mock.call(`${bucketPath(mock, mock.ids.other)}/files?limit=1`, { key: keys(mock).full })).body.data[0];
    await mock.call(`${bucketPath(mock, mock.ids.other)}/files/trash`, { key: keys(mock).full, body: { fileIds: [other.id] } });
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/trash`, {
      method: 'PATCH',
      key: keys(mock).restricted,
      body: { restore: [other.id], bucketId: mock.ids.other },
    });
    return answer.status === 200 && !JSON.stringify(answer.body).includes(other.id) && (await listedAt(mock, mock.ids.other, other.path));
  },
  'presigned-upload-bucket-swap': async (mock) => {
    const path = `probe/swap-${Date.now()}.txt`;
    const offer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/presign-upload`, {
      key: keys(mock).restricted,
      body: { path, contentType: 'text/plain', size: 5 },
    });
    if (offer.status !== 201) return false;
    const url = new URL(offer.body.url);
    url.pathname = url.pathname
      .split('/')
      .map((s) => (s === mock.ids.allowed ? mock.ids.other : s))
      .join('/');
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    return put.ok && (await listedAt(mock, mock.ids.other, path));
  },
  'automation-body-bucket-quiet': async (mock) => {
    const name = `probe quiet automation ${Date.now()}`;
    const automation = { name, enabled: false, trigger: { event: 'file.uploaded' }, action: { type: 'add_tags', tags: ['probe'] } };
    const answer = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations`, {
      key: keys(mock).restricted,
      body: { ...automation, bucketId: mock.ids.other },
    });
    const other = await mock.call(`${bucketPath(mock, mock.ids.other)}/automations?limit=1000`, { key: keys(mock).full });
    return answer.body?.bucketId === mock.ids.allowed && other.body.data.some((a: { name: string }) => a.name === name);
  },
};
