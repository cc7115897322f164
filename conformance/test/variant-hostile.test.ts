// Hostile answers from a raw front server, targeted per route while every
// other request streams through to the mock: a trickle (after the headers, or
// from the first byte), a gzip bomb built from one small member, a 200 MB body
// streamed in bounded memory, and JSON bodies of the wrong kind.
import { get, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf, type Call } from './support/variant-client.ts';
import { isOperation } from './support/api-routes.ts';
import { GZIP_MEMBER_INFLATED, gzipBombPlan, hostileJson } from './support/hostile-bodies.ts';
import { when } from './support/rule-stack.ts';

const get$ = (url: string, headers: Record<string, string> = {}): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => get(url, { headers }, resolve).on('error', reject));

describe('a hostile front before the mock', () => {
  let variant: Variant;
  let call: Call;
  let own: string;
  const at = (path: string) => `${variant.baseUrl}${own}${path}`;

  beforeAll(async () => {
    variant = await startVariant({
      rules: [when(isOperation('listSuggestions'), hostileJson('json-string'))],
      hostile: [
        { picks: isOperation('getIntelligence'), answer: { kind: 'invalid-json' } },
        { picks: isOperation('listShares'), answer: { kind: 'json-null' } },
        { picks: isOperation('listTransfers'), answer: { kind: 'json-array' } },
        { picks: isOperation('listAutomations'), answer: { kind: 'trickle', from: 'body', intervalMs: 40, body: '{"data":[]}' } },
        { picks: isOperation('getTrash'), answer: { kind: 'trickle', from: 'start', intervalMs: 40 } },
        { picks: (r) => r.url.endsWith('/bomb'), answer: { kind: 'gzip-bomb' } },
        { picks: (r) => r.url.endsWith('/small-bomb'), answer: { kind: 'gzip-bomb', inflatedBytes: 100 * GZIP_MEMBER_INFLATED } },
        { picks: (r) => r.url.endsWith('/huge'), answer: { kind: 'huge' } },
      ],
    });
    call = clientOf(variant.baseUrl);
    own = bucketPath(variant.workspaceId, variant.buckets.allowed);
  });
  afterAll(async () => variant?.close());

  it('answers the targeted routes with wrong JSON, and streams every other request to the mock', async () => {
    const token = variant.token('full');
    const broken = await call('GET', `${own}/intelligence`, { token });
    expect([broken.status, broken.headers.get('content-type')]).toEqual([200, 'application/json']);
    expect(() => JSON.parse(broken.text)).toThrow(SyntaxError);
    expect((await call('GET', `${own}/shares`, { token })).text).toBe('null');
    expect((await call('GET', `${own}/transfers`, { token })).json).toEqual([]);
    expect((await call('GET', `${own}/suggestions`, { token })).json).toBe('ok');
    const files = await call('GET', `${own}/files?limit=2`, { token });
    expect(files.status).toBe(200);
    expect(files.json.data).toHaveLength(2);
    const patched = await call('PATCH', `${own}/files/${files.json.data[0].id}`, { token, body: { description: 'through the front' } });
    expect(patched.json).toMatchObject({ id: files.json.data[0].id, description: 'through the front' });
    expect((await call('GET', `${own}/intelligence`)).status).toBe(200);
  });

  it('trickles the body one byte at a time after sending the headers at once', async () => {
    const start = performance.now();
    const res = await get$(at('/automations'));
    const headersMs = performance.now() - start;
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    expect(headersMs).toBeLessThan(200);
    expect(Buffer.concat(chunks).toString()).toBe('{"data":[]}');
    // Eleven bytes, 40 ms apart: many small reads over at least 400 ms (a stalled reader may get two bytes at once).
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    expect(performance.now() - start).toBeGreaterThanOrEqual(10 * 40 - 20);
  });

  it('trickles from the very first byte of the status line', async () => {
    const { port } = new URL(variant.origin);
    const received: Buffer[] = [];
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET /api/v1${own}/trash HTTP/1.1\r\nHost: x\r\n\r\n`));
    socket.on('data', (chunk) => received.push(chunk));
    await new Promise((done) => setTimeout(done, 150));
    socket.destroy();
    const text = Buffer.concat(received).toString();
    expect(text.length).toBeGreaterThanOrEqual(1);
    expect(text.length).toBeLessThanOrEqual(5);
    expect('HTTP/1.1 200 OK'.startsWith(text)).toBe(true);
  });

  it('sends a gzip bomb: a few MB on the wire that says gzip and inflates to 10 GiB', async () => {
    const plan = gzipBombPlan();
    expect(plan.copies * GZIP_MEMBER_INFLATED).toBe(10 * 1024 ** 3);
    expect(plan.member.length).toBeLessThan(2048);
    const res = await get$(at('/bomb'));
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(plan.wireBytes);
    let bytes = 0;
    let head: Buffer = Buffer.alloc(0);
    for await (const chunk of res) {
      if (head.length < 3 * plan.member.length) head = Buffer.concat([head, chunk as Buffer]);
      bytes += (chunk as Buffer).length;
    }
    expect(bytes).toBe(plan.wireBytes);
    expect(bytes).toBeLessThan(12 * 1024 ** 2);
    // The wire holds whole members back to back: two of them inflate to 2 MiB of zeros.
    const inflated = gunzipSync(head.subarray(0, 2 * plan.member.length));
    expect(inflated.length).toBe(2 * GZIP_MEMBER_INFLATED);
    expect(inflated.every((b) => b === 0)).toBe(true);
  });

  it('builds a smaller bomb of any size whose whole body inflates to exactly that size', async () => {
    const res = await get$(at('/small-bomb'));
    expect(Number(res.headers['content-length'])).toBe(100 * gzipBombPlan().member.length);
    let inflated = 0;
    for await (const chunk of res.pipe(createGunzip())) inflated += (chunk as Buffer).length;
    expect(inflated).toBe(100 * GZIP_MEMBER_INFLATED);
  });

  it('streams a 200 MB body without holding it: the process grows far less than the body', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const res = await get$(at('/huge'));
    expect(Number(res.headers['content-length'])).toBe(200_000_000);
    let bytes = 0;
    let first = '';
    let tail: Buffer = Buffer.alloc(0);
    for await (const chunk of res) {
      if (!first) first = (chunk as Buffer).subarray(0, 8).toString();
      bytes += (chunk as Buffer).length;
      tail = Buffer.concat([tail, (chunk as Buffer).subarray(-2)]).subarray(-2);
    }
    clearInterval(sampler);
    expect(bytes).toBe(200_000_000);
    expect(first).toBe('{"pad":"');
    expect(tail.toString()).toBe('"}');
    expect(peak - before).toBeLessThan(100 * 1024 ** 2);
    expect(variant.front!.served.find((s) => s.kind === 'huge')?.bytes).toBe(200_000_000);
  });
});
