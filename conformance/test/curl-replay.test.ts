// The curl lines the suite prints reproduce the request: run by a shell with the
// keys in env vars, they send a loopback server exactly the keys of the original request.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCurl } from '../http/curl.ts';
import { TEST_KEYS, withQueryKey } from './support/key-encodings.ts';
import { findKey } from './support/key-oracle.ts';
import { startEchoServer, type EchoServer } from './support/echo-server.ts';

const run = promisify(execFile);
const keys = Object.entries(TEST_KEYS).map(([name, token]) => ({ env: `BUCKETKIT_KEY_${name.toUpperCase()}`, token }));
let server: EchoServer;

beforeAll(async () => {
  server = await startEchoServer(keys.map((k) => k.token));
});
afterAll(() => server.close());

/** Runs a curl line in a shell whose env holds only PATH and the keys; returns what the server received. */
async function replay(curl: string) {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...Object.fromEntries(keys.map((k) => [k.env, k.token])) };
  const before = server.received.length;
  await run('sh', ['-c', curl], { env, timeout: 10_000 });
  expect(server.received.length).toBe(before + 1);
  return server.received[before];
}

describe.each(keys)('a curl line for the key $env', ({ token }) => {
  it('sends the same bearer header and ?access_token= as the original request', async () => {
    const url = withQueryKey(`${server.baseUrl}/workspaces?prefix=a%20b&tag=x~y`, token);
    const curl = buildCurl({ method: 'GET', url, headers: { Authorization: `Bearer ${token}`, 'X-Bucketkit-Run': 'bk1' } }, keys);
    expect(findKey(curl, token)).toBeUndefined();
    const received = await replay(curl);
    expect(received.headers.authorization).toBe(`Bearer ${token}`);
    const query = new URL(received.url, 'http://127.0.0.1').searchParams;
    expect(query.get('access_token')).toBe(token);
    expect(query.get('prefix')).toBe('a b');
    expect(query.get('tag')).toBe('x~y');
  });

  it('sends the same body (key, quotes, $ and ! included) and Basic credentials', async () => {
    const body = JSON.stringify({ token, note: `it's $HOME \`id\` !x "q"` });
    const basic = `Basic ${Buffer.from(`ci:${token}`).toString('base64')}`;
    const curl = buildCurl(
      { method: 'POST', url: `${server.baseUrl}/x`, headers: { Authorization: basic, 'Content-Type': 'application/json' }, body },
      keys,
    );
    expect(findKey(curl, token)).toBeUndefined();
    const received = await replay(curl);
    expect(received.body).toBe(body);
    expect(received.headers.authorization).toBe(basic);
  });
});
