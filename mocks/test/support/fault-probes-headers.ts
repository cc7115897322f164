// The probes of the faults of trusted and negotiated headers and of state
// between requests (see fault-probes.ts): a client-address header, a CSV
// export, a conditional read, a key in X-API-Key, and the same read by a key
// that may and then by one barred from the bucket. Each sends the request a
// valid one is away from and asks whether its rule broke.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';

const bucketPath = (mock: MockClient, bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const keys = (mock: MockClient) => mock.server.app.presetKeys;

type Probed = Extract<
  FaultName,
  | 'forwarded-for-loopback-skips-auth'
  | 'accept-csv-skips-bucket-limits'
  | 'if-none-match-304-before-auth'
  | 'api-key-header-accepted'
  | 'answer-cache-ignores-key'
>;

/** Whether the request is served with the header and refused without it: the header, not a broader fault, let it through. */
const onlyWith = async (mock: MockClient, path: string, key: string | undefined, headers: Record<string, string>) =>
  (await mock.call(path, { key, headers })).status === 200 && (await mock.call(path, { key })).status !== 200;

export const HEADER_PROBES: Record<Probed, RuleProbe> = {
  'forwarded-for-loopback-skips-auth': async (mock) => onlyWith(mock, '/workspaces', undefined, { 'x-forwarded-for': '127.0.0.1' }),
  'accept-csv-skips-bucket-limits': async (mock) =>
    onlyWith(mock, `${bucketPath(mock, mock.ids.other)}/files`, keys(mock).restricted, { accept: 'text/csv' }),
  'if-none-match-304-before-auth': async (mock) => (await mock.call('/workspaces', { headers: { 'if-none-match': '*' } })).status === 304,
  'api-key-header-accepted': async (mock) => onlyWith(mock, '/workspaces', undefined, { 'x-api-key': keys(mock).full }),
  // The other bucket's suggestions read by a key reaching it, then at once by a key barred from it; a page of them
  // nobody read first stays refused to that key.
  'answer-cache-ignores-key': async (mock) => {
    const path = `${bucketPath(mock, mock.ids.other)}/suggestions`;
    await mock.call(path, { key: keys(mock).full });
    const served = (await mock.call(path, { key: keys(mock).restricted })).status === 200;
    return served && (await mock.call(`${path}?limit=7`, { key: keys(mock).restricted })).status !== 200;
  },
};
