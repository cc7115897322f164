// The probes of the request-line faults (see fault-probes.ts): a method the
// path does not declare, a suffix on the target, the target in absolute form,
// and a header naming another target. Each sends the one request a files:read
// key's valid call is away from, as written on the wire, and asks whether it
// got the automations listing its scope does not reach.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';
import { rawRequest } from './raw-http.ts';

type Probed = Extract<
  FaultName,
  'unlisted-method-skips-scope' | 'target-suffix-skips-scope' | 'absolute-form-skips-scope' | 'original-url-header-reroutes'
>;

/** The automations listing of the allowed bucket, from the origin. */
const automations = (mock: MockClient) =>
  `${new URL(mock.server.baseUrl).pathname}/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}/automations`;

/** Whether a request sent as written with a files:read key gets a listing. */
async function listedAsSent(mock: MockClient, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const answer = await rawRequest(mock.server.origin, {
    method: options.method,
    path,
    headers: { ...options.headers, authorization: `Bearer ${await mock.key(['files:read'])}` },
  });
  try {
    return Array.isArray(JSON.parse(answer.body).data);
  } catch {
    return false;
  }
}

export const REQUEST_LINE_PROBES: Record<Probed, RuleProbe> = {
  'unlisted-method-skips-scope': async (mock) => listedAsSent(mock, automations(mock), { method: 'PUT' }),
  'target-suffix-skips-scope': async (mock) => listedAsSent(mock, `${automations(mock)}.json`),
  'absolute-form-skips-scope': async (mock) => listedAsSent(mock, `${mock.server.origin}${automations(mock)}`),
  'original-url-header-reroutes': async (mock) =>
    listedAsSent(mock, `${new URL(mock.server.baseUrl).pathname}/bucketkit-unrouted`, { headers: { 'x-original-url': automations(mock) } }),
};
