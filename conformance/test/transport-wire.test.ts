// The transport against real loopback servers that misbehave on the wire:
// redirects (never followed, a key never reaches another origin), a trickle,
// a gzip bomb and a 200 MB answer (memory bounded, raw bytes kept), a 503
// without Retry-After (no rate limit), a refused port, and a private TLS CA.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../http/transport/create-transport.ts';
import { OriginError, TransportError } from '../http/transport/transport-errors.ts';
import type { Transport, WireRequest } from '../http/transport/transport-types.ts';
import { closedPort } from './loopback-targets.ts';
import { makePrivateCa } from './support/private-ca.ts';
import { answer, rssMb, serve, type WireServer } from './support/wire-servers.ts';

const MiB = 1024 * 1024;
const KEY = 'bk_test_wire_key_0123456789abcdef';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function server(...args: Parameters<typeof serve>): Promise<WireServer> {
  const started = await serve(...args);
  opened.push(started);
  return started;
}

function transport(config: Partial<Parameters<typeof createTransport>[0]> & { baseUrl: string }): Transport {
  const made = createTransport({ timeoutMs: 5000, ...config });
  opened.push(made);
  return made;
}

const get = (url: string, withKey = false): WireRequest => ({
  method: 'GET',
  url,
  headers: withKey ? { authorization: `Bearer ${KEY}` } : {},
  carriesKey: withKey,
});

/** Runs `body` while sampling RSS every 10 ms; returns the highest growth over the RSS before, in MB. */
async function peakRssGrowth<T>(body: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss / MiB)), 10);
  try {
    const result = await body();
    peak = Math.max(peak, process.memoryUsage().rss / MiB);
    return { result, growthMb: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('redirects are reported, never followed', () => {
  it('a redirect to another origin comes back as the answer, and the key never reaches that origin', async () => {
    const other = await server(answer(200, {}, 'the other origin'));
    const base = await server(answer(302, { location: `${other.origin}/steal?x=1` }, 'moved'));
    const client = transport({ baseUrl: `${base.origin}/api/v1` });
    const got = await client.send(get(`${base.origin}/api/v1/workspaces`, true));
    expect(got.status).toBe(302);
    expect(got.body.toString()).toBe('moved');
    expect(got.redirect).toEqual({ location: `${other.origin}/steal?x=1`, sameOrigin: false });
    expect(base.received).toHaveLength(1);
    expect(base.received[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(other.received).toHaveLength(0);
    expect(client.stats()).toMatchObject({ sent: 1, answers: 1, redirectsRefused: 1 });
  });

  it('a same-origin redirect is reported with its resolved location and not followed either', async () => {
    const base = await server(answer(301, { location: '/api/v1/elsewhere' }));
    const client = transport({ baseUrl: `${base.origin}/api/v1` });
    const got = await client.send(get(`${base.origin}/api/v1/workspaces`, true));
    expect(got.status).toBe(301);
    expect(got.redirect).toEqual({ location: `${base.origin}/api/v1/elsewhere`, sameOrigin: true });
    expect(base.received.map((r) => r.url)).toEqual(['/api/v1/workspaces']);
  });
});

describe('a key only goes to the base URL origin', () => {
  it('a request carrying a key, or any Authorization header, to another origin is refused before sending', async () => {
    const base = await server(answer(200));
    const other = await server(answer(200, {}, 'presigned'));
    const client = transport({ baseUrl: `${base.origin}/api/v1` });
    await expect(client.send({ ...get(`${other.origin}/upload`), carriesKey: true })).rejects.toThrow(OriginError);
    const refused = await client.send(get(`${other.origin}/upload`, true)).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(OriginError);
    expect((refused as Error).message).toBe(`not sent: a request holding a key may only go to ${base.origin}, not to ${other.origin}`);
    expect((refused as Error).message).not.toContain(KEY);
    expect(other.received).toHaveLength(0);
    expect(client.stats().sent).toBe(0);
    // Without a key (a presigned URL) any origin is fine.
    const presigned = await client.send(get(`${other.origin}/upload?sig=abc%2Fdef`));
    expect(presigned.body.toString()).toBe('presigned');
    expect(other.received.map((r) => r.url)).toEqual(['/upload?sig=abc%2Fdef']);
    expect(other.received[0].headers.authorization).toBeUndefined();
  });
});

describe('bounded answers', () => {
  it('a server trickling one byte a second is cut off at timeoutMs, not held open', async () => {
    const trickle = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 1000);
      res.write('x');
      res.on('close', () => clearInterval(timer));
    });
    const client = transport({ baseUrl: trickle.origin, timeoutMs: 1500 });
    const started = performance.now();
    const error = await client.send(get(`${trickle.origin}/slow`)).catch((e: Error) => e);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe('no answer within 1500 ms');
    expect(took).toBeGreaterThanOrEqual(1450);
    expect(took).toBeLessThan(2500);
    expect(client.stats()).toMatchObject({ sent: 1, answers: 0, failed: 1 });
  });

  it('a gzip bomb (10 GiB inflated) is kept as raw bytes, cut at the cap, with memory bounded', async () => {
    // One gzip member of 16 MiB of zeros, repeated: a valid multi-member gzip stream of 10 GiB inflated.
    const member = gzipSync(Buffer.alloc(16 * MiB), { level: 9 });
    const copies = (10 * 1024) / 16;
    const raw = Buffer.concat(Array.from({ length: copies }, () => member));
    expect(raw.length).toBeGreaterThan(8 * MiB);
    expect(raw.length).toBeLessThan(16 * MiB);
    const bomb = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(raw.length) });
      res.end(raw);
    });
    const capped = transport({ baseUrl: bomb.origin });
    const { result: cut, growthMb } = await peakRssGrowth(() => capped.send(get(`${bomb.origin}/bomb`)));
    expect(bomb.received[0].headers['accept-encoding']).toBe('identity');
    expect(cut.headers['content-encoding']).toBe('gzip');
    expect(cut.body.length).toBe(8 * MiB);
    expect(cut.body.equals(raw.subarray(0, 8 * MiB))).toBe(true);
    expect(cut.tooLarge?.limit).toBe(8 * MiB);
    expect(cut.tooLarge!.seen).toBeGreaterThan(8 * MiB);
    expect(growthMb).toBeLessThan(100);
    // With room for the raw bytes, they all come back, still compressed.
    const roomy = transport({ baseUrl: bomb.origin, maxResponseBytes: 16 * MiB });
    const whole = await roomy.send(get(`${bomb.origin}/bomb`));
    expect(whole.tooLarge).toBeUndefined();
    expect(whole.body.equals(raw)).toBe(true);
  });

  it('a 200 MB answer is cut at the cap: the first bytes kept, the connection dropped, memory bounded', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const total = 200 * 1000 * 1000;
    let written = 0;
    const huge = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(total) });
      const pump = () => {
        while (written < total && !res.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, total - written));
          written += part.length;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const client = transport({ baseUrl: huge.origin });
    const { result: got, growthMb } = await peakRssGrowth(() => client.send(get(`${huge.origin}/huge`)));
    expect(got.status).toBe(200);
    expect(got.body.length).toBe(8 * MiB);
    expect(got.body.every((byte) => byte === 97)).toBe(true);
    expect(got.tooLarge).toEqual({ limit: 8 * MiB, seen: expect.any(Number) });
    expect(got.tooLarge!.seen).toBeLessThan(16 * MiB);
    expect(growthMb).toBeLessThan(100);
    await new Promise((done) => setTimeout(done, 100));
    expect(written).toBeLessThan(total / 2);
    expect(client.stats().tooLarge).toBe(1);
  });
});

describe('answers that are not rate limits', () => {
  it('a 503 without Retry-After is no rate limit: sent again as a transient failure, and the answer once it reproduces', async () => {
    const down = await server(answer(503, { 'content-type': 'text/plain' }, 'down for maintenance'));
    const client = transport({ baseUrl: down.origin, transient: { firstBackoffMs: 10 } });
    const got = await client.send(get(`${down.origin}/x`));
    expect(got).toMatchObject({ status: 503, attempts: 4 });
    expect(got.body.toString()).toBe('down for maintenance');
    expect(down.received).toHaveLength(4);
    expect(client.stats()).toMatchObject({ rateLimited: 0, retries: 0, transient: { met: 4, resent: 3, reproduced: 1 } });
  });

  it('a closed port is a TransportError naming the refusal', async () => {
    const origin = await closedPort();
    const client = transport({ baseUrl: origin });
    const error = await client.send(get(`${origin}/x`)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toBe(`connect ECONNREFUSED ${origin.slice(7)}`);
    expect((error as TransportError).code).toBe('ECONNREFUSED');
  });
});

describe('a private TLS deployment', () => {
  it('without its CA the error says how to trust it; with the ca option the answer comes', async () => {
    const pki = makePrivateCa();
    const tls = await server(answer(200, { 'content-type': 'application/json' }, '{"ok":true}'), { key: pki.key, cert: pki.cert });
    const untrusted = transport({ baseUrl: tls.origin });
    const error = await untrusted.send(get(`${tls.origin}/api/v1/workspaces`, true)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect((error as Error).message).toContain('trust the CA with NODE_EXTRA_CA_CERTS=/path/ca.pem or the transport ca option');
    expect((error as Error).message).not.toContain(KEY);
    expect(tls.received).toHaveLength(0);
    const trusted = transport({ baseUrl: tls.origin, ca: pki.caPem });
    const got = await trusted.send(get(`${tls.origin}/api/v1/workspaces`, true));
    expect(got.status).toBe(200);
    expect(got.body.toString()).toBe('{"ok":true}');
    expect(tls.received[0].headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('NODE_EXTRA_CA_CERTS trusts the CA too (Node reads it at start, so in a new process)', async () => {
    const pki = makePrivateCa();
    const tls = await server(answer(200, {}, 'trusted by env'), { key: pki.key, cert: pki.cert });
    const caFile = join(mkdtempSync(join(tmpdir(), 'bk-ca-')), 'ca.pem');
    writeFileSync(caFile, pki.caPem);
    const script = [
      `import { createTransport } from ${JSON.stringify(fileURLToPath(new URL('../http/transport/create-transport.ts', import.meta.url)))};`,
      `const t = createTransport({ baseUrl: ${JSON.stringify(tls.origin)}, timeoutMs: 5000 });`,
      `const a = await t.send({ method: 'GET', url: ${JSON.stringify(`${tls.origin}/x`)}, headers: {}, carriesKey: false });`,
      'console.log(a.status, a.body.toString()); await t.close();',
    ].join('\n');
    const run = (extra: Record<string, string>) =>
      new Promise<string>((done) =>
        execFile(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script],
          { env: { ...process.env, ...extra } },
          (_e, out, err) => done(`${out}${err}`),
        ),
      );
    expect(await run({ NODE_EXTRA_CA_CERTS: '' })).toContain('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(await run({ NODE_EXTRA_CA_CERTS: caFile })).toBe('200 trusted by env\n');
    expect(tls.received).toHaveLength(1);
  }, 15_000);
});
