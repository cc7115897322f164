// The client sends what the request variants need: a header given several
// values as several header lines, a value above U+00FF as its UTF-8 bytes, a
// GET's body framed by Content-Length; the curl line replays each (HEAD as -I).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../http/transport/create-transport.ts';
import { buildCurl } from '../http/curl.ts';

interface Seen {
  raw: string[];
  body: string;
}

/** Sends through the suite's transport, as every request of a run goes. */
const send = (url: string, call: { method: string; headers: Record<string, string | string[]>; body?: Buffer }) => {
  const transport = createTransport({ baseUrl: new URL(url).origin, timeoutMs: 5000 });
  return transport.send({ url, carriesKey: false, ...call }).finally(() => transport.close());
};

describe('odd headers on the wire', () => {
  let server: Server;
  let origin: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ raw: req.rawHeaders, body: Buffer.concat(chunks).toString('utf8') });
        res.end('ok');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const lines = (s: Seen, name: string) => s.raw.filter((_, i) => i % 2 === 1 && s.raw[i - 1].toLowerCase() === name);

  it('sends an array as one header line per value, and a non-Latin-1 value as its UTF-8 bytes', async () => {
    const answer = await send(`${origin}/a`, {
      method: 'GET',
      headers: { Authorization: ['Bearer one', 'Bearer two'], 'X-Token': 'Bearer ключ-🔑' },
    });
    expect(answer.status).toBe(200);
    const last = seen.at(-1)!;
    expect(lines(last, 'authorization')).toEqual(['Bearer one', 'Bearer two']);
    // node:http reads header bytes as Latin-1: the UTF-8 bytes come back as they were sent.
    expect(Buffer.from(lines(last, 'x-token')[0], 'latin1').toString('utf8')).toBe('Bearer ключ-🔑');
  });

  it("frames a GET's body with Content-Length, so the server reads it as the body", async () => {
    const body = Buffer.from('{"instructions":"x"}');
    const answer = await send(`${origin}/b`, { method: 'GET', headers: { 'Content-Type': 'application/json' }, body });
    expect(answer.status).toBe(200);
    expect(seen.at(-1)!.body).toBe('{"instructions":"x"}');
    expect(lines(seen.at(-1)!, 'content-length')).toEqual([String(body.length)]);
  });

  it('writes one -H per value in the curl line, keys as their env var, and HEAD as -I', () => {
    const secret = { env: 'BUCKETKIT_KEY_LACKING', token: 'bk_test_0123456789abcdef' };
    const curl = buildCurl({ method: 'HEAD', url: 'http://h/x', headers: { Authorization: ['Bearer nope', `Bearer ${secret.token}`] } }, [
      secret,
    ]);
    expect(curl).toBe(`curl -sS -i -I -H 'Authorization: Bearer nope' -H "Authorization: Bearer $BUCKETKIT_KEY_LACKING" 'http://h/x'`);
  });
});
