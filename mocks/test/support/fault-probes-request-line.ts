// The probes of the request-line faults (see fault-probes.ts): a method token
// in lower case, a method the path does not declare, a suffix on the target, the target in absolute form,
// and a header naming another target. Each sends the one request a files:read
// key's valid call is away from, as written on the wire, and asks whether it
// got the automations listing its scope does not reach.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';
import { connect } from 'node:net';
import { rawRequest } from './raw-http.ts';

type Probed = Extract<
  FaultName,
  | 'lowercase-method-skips-scope'
  | 'unlisted-method-skips-scope'
  | 'target-suffix-skips-scope'
  | 'absolute-form-skips-scope'
  | 'original-url-header-reroutes'
>;

/** A listing of the allowed bucket (`automations`, `suggestions`), from the origin. */
const listing = (mock: MockClient, name: string) =>
  `${new URL(mock.server.baseUrl).pathname}/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}/${name}`;
const automations = (mock: MockClient) => listing(mock, 'automations');

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

/** Whether a GET in lower case, written on a socket (Node's client upper-cases a method), gets a files:read key a listing. */
async function listedInLowerCase(mock: MockClient, path: string): Promise<boolean> {
  const origin = new URL(mock.server.origin);
  const token = await mock.key(['files:read']);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname, () =>
      socket.write(`get ${path} HTTP/1.1\r\nHost: ${origin.host}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`),
    );
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  try {
    return Array.isArray(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).data);
  } catch {
    return false;
  }
}

export const REQUEST_LINE_PROBES: Record<Probed, RuleProbe> = {
  // The suggestions listing: the automations one goes unchecked under another fault, whatever the method's case.
  'lowercase-method-skips-scope': async (mock) => listedInLowerCase(mock, listing(mock, 'suggestions')),
  'unlisted-method-skips-scope': async (mock) => listedAsSent(mock, automations(mock), { method: 'PUT' }),
  'target-suffix-skips-scope': async (mock) => listedAsSent(mock, `${automations(mock)}.json`),
  'absolute-form-skips-scope': async (mock) => listedAsSent(mock, `${mock.server.origin}${automations(mock)}`),
  'original-url-header-reroutes': async (mock) =>
    listedAsSent(mock, `${new URL(mock.server.baseUrl).pathname}/bucketkit-unrouted`, { headers: { 'x-original-url': automations(mock) } }),
};
