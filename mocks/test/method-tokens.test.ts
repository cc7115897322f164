// A method token Node's HTTP parser refuses (a method in lower or mixed case)
// still reaches the core: it is answered as its upper-case method after the
// same checks, an unknown token 405, a request that cannot be read 400, and
// the mock keeps serving afterwards. Written on a socket: Node's client and
// fetch upper-case a method.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockClient, type MockClient } from './support/mock-client.ts';

let mock: MockClient;
let apiBase: string;

beforeAll(async () => {
  mock = await startMockClient();
  apiBase = new URL(mock.server.baseUrl).pathname;
});
afterAll(() => mock.close());

/** The bytes, written on a fresh connection; what came back until the mock closed it. */
function onTheWire(bytes: string): Promise<string> {
  const origin = new URL(mock.server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname, () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

const request = (method: string, path: string, headers: string[] = []) =>
  [`${method} ${apiBase}${path} HTTP/1.1`, `Host: ${new URL(mock.server.origin).host}`, ...headers, '', ''].join('\r\n');
const statusOf = (answer: string) => Number(answer.split(' ')[1]);
const bearer = () => `Authorization: Bearer ${mock.server.app.presetKeys.full}`;

describe('method tokens in another letter case', () => {
  it('are answered as the upper-case method after the same checks, and close the connection', async () => {
    const listed = await onTheWire(request('get', '/workspaces', [bearer()]));
    expect(statusOf(listed)).toBe(200);
    expect(listed).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(listed.slice(listed.indexOf('\r\n\r\n') + 4)).data.length).toBeGreaterThan(0);
    expect(statusOf(await onTheWire(request('Get', '/workspaces')))).toBe(401);
    expect(statusOf(await onTheWire(request('Patch', '/workspaces', [bearer()])))).toBe(405);
  });

  it('reads a body by its Content-Length', async () => {
    const body = JSON.stringify({ instructions: 'lower-case method' });
    const path = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}/intelligence`;
    const patched = await onTheWire(
      request('patch', path, [bearer(), 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`]).concat(body),
    );
    expect(statusOf(patched)).toBe(200);
  });

  it('answers an unknown token 405 and a request it cannot read 400, then keeps serving', async () => {
    expect(statusOf(await onTheWire(request('FOO', '/workspaces', [bearer()])))).toBe(405);
    expect(statusOf(await onTheWire(request('get', '/workspaces', ['Transfer-Encoding: chunked'])))).toBe(400);
    expect((await mock.call('/workspaces', { key: mock.server.app.presetKeys.full })).status).toBe(200);
  });
});
