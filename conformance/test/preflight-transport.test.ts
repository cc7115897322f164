// The preflight over the transport, against loopback servers: a 429 is waited
// out like anywhere else, a deployment that redirects every key is named as a
// wrong base URL (exit 3) instead of followed, and a huge answer costs nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { preflight } from '../engine/preflight.ts';
import type { RunSettings } from '../config/config-types.ts';
import { answer, serve, type Handler } from './support/wire-servers.ts';

const KEYS = [
  { name: 'full', env: 'BUCKETKIT_KEY_FULL', scopes: ['workspaces:read'], bucketIds: null },
  { name: 'reader', env: 'BUCKETKIT_KEY_READER', scopes: ['files:read'], bucketIds: null },
];
const SECRETS = [
  { env: 'BUCKETKIT_KEY_FULL', token: 'bk_test_preflight_full_0123456789' },
  { env: 'BUCKETKIT_KEY_READER', token: 'bk_test_preflight_reader_0123456789' },
];

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function probe(handler: Handler) {
  const server = await serve(handler);
  opened.push(server);
  const settings = { runId: 'bkpre', baseUrl: `${server.origin}/api/v1`, keys: KEYS, requestTimeoutMs: 5000 } as RunSettings;
  return { server, result: await preflight(settings, SECRETS) };
}

describe('the preflight', () => {
  it('waits out a 429 with Retry-After and goes on', async () => {
    const { server, result } = await probe((req, res, index) =>
      index === 0 ? answer(429, { 'retry-after': '1' })(req, res, index) : answer(200, {}, '{"data":[]}')(req, res, index),
    );
    expect(result).toEqual({ notes: [] });
    const auth = server.received.map((r) => r.headers.authorization);
    expect(auth.slice(0, 2)).toEqual([undefined, undefined]);
    expect(auth.slice(2).sort()).toEqual(SECRETS.map((s) => `Bearer ${s.token}`).sort());
    expect(server.received[1].at - server.received[0].at).toBeGreaterThanOrEqual(950);
  });

  it('names a deployment that redirects every key as a wrong base URL (exit 3), without following it', async () => {
    const { server, result } = await probe(answer(301, { location: 'https://files.example.com/api/v1/workspaces' }));
    expect(result.stop?.exitCode).toBe(3);
    expect(result.stop?.reason).toBe(
      'every key was answered 301 at GET /workspaces, a redirect to https://files.example.com/api/v1/workspaces: the suite follows no redirect, so set baseUrl to the address the deployment serves',
    );
    expect(server.received).toHaveLength(3);
  });

  it('reads only the start of a huge answer', async () => {
    const chunk = Buffer.alloc(64 * 1024, ' ');
    let written = 0;
    const { result } = await probe((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (written < 500 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    expect(result).toEqual({ notes: [] });
    expect(written).toBeLessThan(3 * 50 * 1024 * 1024);
  });
});
