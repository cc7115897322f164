// The API client over the transport, against loopback servers: JSON that does
// not parse is reported (never a TypeError), the run header goes only to the
// base URL's origin, the caller's query is sent as built, redirects and size
// caps reach the exchange, a request that gets no answer fails redacted, and a
// credential an answer sets is redacted from that very answer on, and an answer
// compressed although the client asked for identity is judged by its content.
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, HarnessError, RUN_HEADER, type Exchange } from '../http/api-client.ts';
import { extendableRedactor } from '../http/credential-redactor.ts';
import { createRedactor } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import type { TransportConfig } from '../http/transport/transport-types.ts';
import { hangingServer } from './loopback-targets.ts';
import { answer, serve, type Handler } from './support/wire-servers.ts';

const KEY = 'bk_test_client_key_0123456789abcdef';
const SECRET = { env: 'BUCKETKIT_KEY_FULL', token: KEY };

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function clientFor(handler: Handler, config: Partial<TransportConfig> = {}, redact = createRedactor([SECRET])) {
  const server = await serve(handler);
  opened.push(server);
  const baseUrl = `${server.origin}/api/v1`;
  const transport = createTransport({ baseUrl, timeoutMs: 5000, ...config });
  opened.push(transport);
  const seen: Exchange[] = [];
  const api = new ApiClient({
    transport,
    baseUrl,
    runId: 'bkrun123',
    keys: new Map([['full', SECRET]]),
    redact,
    observer: (ex) => seen.push(ex),
  });
  return { server, api, seen };
}

describe('the API client', () => {
  it('judges an answer compressed despite Accept-Encoding: identity by its content, in every coding a gateway uses', async () => {
    const json = JSON.stringify({ data: [{ id: 'f1', path: 'a.txt' }], echoed: KEY });
    const codings: [string, Buffer][] = [
      ['gzip', gzipSync(json)],
      ['x-gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['deflate', deflateRawSync(json)],
      ['br', brotliCompressSync(json)],
      ['deflate, gzip', gzipSync(deflateSync(json))],
      ['identity', Buffer.from(json)],
    ];
    for (const [coding, bytes] of codings) {
      const { api } = await clientFor((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
        res.end(bytes);
      });
      const ex = await api.send({ method: 'GET', path: '/workspaces', auth: { key: 'full' } });
      expect(ex.json, coding).toEqual(JSON.parse(json));
      expect(ex.body.toString(), coding).toBe(json);
      expect(ex.shownText, coding).not.toContain(KEY);
    }
  });

  it('keeps a compressed body it cannot decode as it came, and says why: past the cap, broken, or an unknown coding', async () => {
    const cases: [string, Buffer, RegExp][] = [
      ['gzip', gzipSync(Buffer.alloc(2048, ' ')), /inflates past the 1024-byte cap/],
      ['gzip', Buffer.from('not gzip at all'), /no valid gzip/],
      ['zstd', Buffer.from('{"a":1}'), /content-encoding zstd, which the suite cannot undo/],
    ];
    for (const [coding, bytes, why] of cases) {
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
        res.end(bytes);
      });
      opened.push(server);
      const baseUrl = `${server.origin}/api/v1`;
      const transport = createTransport({ baseUrl, timeoutMs: 5000 });
      opened.push(transport);
      const api = new ApiClient({
        transport,
        baseUrl,
        runId: 'r',
        keys: new Map(),
        redact: createRedactor([SECRET]),
        maxResponseBytes: 1024,
      });
      const ex = await api.send({ method: 'GET', path: '/x' });
      expect(ex.json, coding).toBeUndefined();
      expect(ex.jsonError, coding).toMatch(why);
      expect(ex.body.equals(bytes), coding).toBe(true);
    }
  });

  it('redacts a cookie or token header an answer sets from that answer on, its own shown text and headers included', async () => {
    const session = 'Zx81sEssi0n7Qk2v';
    const { api } = await clientFor(
      (_req, res) => {
        res.setHeader('set-cookie', [`sid=${session}; HttpOnly`, 'lang=en']);
        res.setHeader('x-session-token', `t0k3n-${session}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ welcome: session }));
      },
      {},
      extendableRedactor(createRedactor([SECRET])),
    );
    const ex = await api.send({ method: 'GET', path: '/workspaces', auth: { key: 'full' } });
    expect(ex.shownText).toBe('{"welcome":"[redacted credential sid]"}');
    const shown = Object.values(ex.headers)
      .map((v) => api.redact(v))
      .join('\n');
    expect(shown).not.toContain(session);
    expect(shown).toContain('lang=en');
    expect(api.redact(`later: ${session}`)).toBe('later: [redacted credential sid]');
  });

  it('leaves json undefined and says why when the body is not JSON, with any echoed key redacted', async () => {
    const { api } = await clientFor((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`not json ${req.headers.authorization}`);
    });
    const ex = await api.send({ method: 'GET', path: '/workspaces', auth: { key: 'full' } });
    expect(ex.status).toBe(200);
    expect(ex.json).toBeUndefined();
    expect(ex.jsonError).toMatch(/JSON/);
    expect(ex.jsonError).not.toContain(KEY);
    expect(ex.text).toBe(`not json Bearer ${KEY}`);
    expect(ex.shownText).toBe('not json Bearer [redacted $BUCKETKIT_KEY_FULL]');
    const empty = await (await clientFor(answer(204))).api.send({ method: 'GET', path: '/x' });
    expect(empty).toMatchObject({ status: 204, json: undefined, text: '' });
    expect(empty.jsonError).toBeUndefined();
  });

  it('sends the run header and the key to the base URL origin, and neither to a presigned URL elsewhere', async () => {
    const other = await serve(answer(200, {}, 'stored'));
    opened.push(other);
    const { server, api } = await clientFor(answer(200, { 'content-type': 'application/json' }, '{"ok":true}'));
    const ex = await api.send({ method: 'GET', path: '/workspaces?prefix=a%2Fb', query: { tag: 'x y' }, auth: { key: 'full' } });
    expect(ex.json).toEqual({ ok: true });
    expect(server.received[0].url).toBe('/api/v1/workspaces?prefix=a%2Fb&tag=x+y');
    expect(server.received[0].headers[RUN_HEADER.toLowerCase()]).toBe('bkrun123');
    expect(server.received[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.received[0].headers['accept-encoding']).toBe('identity');
    const put = await api.send({ method: 'PUT', path: `${other.origin}/obj?X-Sig=ab%2Fcd%3D`, rawBody: 'hi', contentType: 'text/plain' });
    expect(put.text).toBe('stored');
    expect(other.received[0].url).toBe('/obj?X-Sig=ab%2Fcd%3D');
    expect(other.received[0].headers[RUN_HEADER.toLowerCase()]).toBeUndefined();
    expect(other.received[0].headers.authorization).toBeUndefined();
  });

  it('refuses to send a key to another origin, in a header or the query, and says so without the key', async () => {
    const other = await serve(answer(200));
    opened.push(other);
    const { api, server } = await clientFor(answer(200));
    for (const auth of [{ key: 'full' }, { queryParam: 'access_token', key: 'full' }]) {
      const error = await api.send({ method: 'GET', path: `${other.origin}/x`, auth }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(HarnessError);
      expect((error as Error).message).toBe(
        `GET /x could not be sent: not sent: a request holding a key may only go to ${server.origin}, not to ${other.origin}`,
      );
    }
    expect(other.received).toHaveLength(0);
  });

  it('hands redirects, size caps, attempts and timing to the exchange and its observer', async () => {
    const { api, seen } = await clientFor(
      (req, res) => {
        if (req.url?.endsWith('/moved')) return answer(307, { location: '/api/v1/here' })(req, res, 0);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"data":"${'x'.repeat(2000)}"}`);
      },
      { maxResponseBytes: 1000 },
    );
    const moved = await api.send({ method: 'GET', path: '/moved', auth: { key: 'full' } });
    expect(moved.redirect).toEqual({ location: `${new URL(moved.request.url).origin}/api/v1/here`, sameOrigin: true });
    const big = await api.send({ method: 'GET', path: '/big' });
    expect(big.body.length).toBe(1000);
    expect(big.tooLarge).toEqual({ limit: 1000, seen: 2011 });
    expect(big.json).toBeUndefined();
    expect(big.jsonError).toBe('not parsed: the body is larger than the 1000-byte cap');
    expect(big.attempts).toBe(1);
    expect(big.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(seen).toEqual([moved, big]);
  });

  it('fails a request that gets no answer with a redacted HarnessError naming the cause', async () => {
    const hanging = await hangingServer();
    opened.push(hanging);
    const baseUrl = `${hanging.origin}/api/v1`;
    const transport = createTransport({ baseUrl, timeoutMs: 300 });
    opened.push(transport);
    const api = new ApiClient({ transport, baseUrl, runId: 'r', keys: new Map([['full', SECRET]]), redact: createRedactor([SECRET]) });
    const error = await api
      .send({ method: 'GET', path: '/workspaces', auth: { queryParam: 'access_token', key: 'full' } })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as Error).message).toBe('GET /api/v1/workspaces could not be sent: no answer within 300 ms');
  });
});
