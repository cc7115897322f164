// The transport against loopback servers that fail for a moment, as real ones
// behind load balancers do: 502 pages to some requests, 503 and 504, connections
// reset or closed when idle. A transient failure is sent again (a write only when
// that is safe) and counts only if it reproduces; what happened is counted.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { transientPolicy } from '../http/transport/transient.ts';
import { TransportError } from '../http/transport/transport-errors.ts';
import type { Transport, WireRequest } from '../http/transport/transport-types.ts';
import { listen } from './loopback-targets.ts';
import { badGatewaySometimes } from './support/bad-gateway.ts';
import { startIdleFront, type IdleFrontOptions } from './support/idle-front.ts';
import { sleep } from './support/seeded-random.ts';
import { closedAfterEach } from './support/closed-after-each.ts';
import { answer, type Handler } from './support/wire-servers.ts';

const { server, transport, keep } = closedAfterEach({ transient: { firstBackoffMs: 20 } });

const request = (method: string, url: string, extra: Partial<WireRequest> = {}): WireRequest => ({
  method,
  url,
  headers: {},
  body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.from('{"a":1}'),
  carriesKey: false,
  ...extra,
});

/** Answers 200 with the request's method and path, so each caller can tell its own answer. */
const echo: Handler = (req, res) => answer(200, { 'content-type': 'text/plain' }, `${req.method} ${req.url}`)(req, res, 0);

/** Answers the given statuses in turn (the last one ever after), with a body naming the status. */
const statuses =
  (...sequence: number[]): Handler =>
  (req, res, index) =>
    answer(sequence[Math.min(index, sequence.length - 1)], {}, `answer ${index + 1}`)(req, res, index);

describe('the wait before a resend', () => {
  it('doubles from the first backoff, jittered down to half, for maxAttempts attempts', () => {
    const get = request('GET', 'http://x/');
    const low = transientPolicy({ maxAttempts: 4, firstBackoffMs: 250 }, () => 0);
    const high = transientPolicy({ maxAttempts: 4, firstBackoffMs: 250 }, () => 0.999999);
    expect([1, 2, 3, 4].map((met) => low.next(get, met))).toEqual([125, 250, 500, undefined]);
    expect([1, 2, 3].map((met) => high.next(get, met))).toEqual([250, 500, 1000]);
    expect(low.counts()).toEqual({ met: 4, resent: 3, reproduced: 1, notResent: 0 });
  });
});

describe('gateway answers (502, 503 and 504 without Retry-After)', () => {
  it('nginx 502 pages to about 1 request in 10: every request gets its own real answer, and the blips are counted', async () => {
    const blipping = badGatewaySometimes(0.1, echo);
    const api = await server(blipping);
    const client = transport({ baseUrl: api.origin });
    const sent = Array.from({ length: 200 }, (_, i) => request(i % 2 ? 'GET' : 'HEAD', `${api.origin}/r/${i}`));
    const answers = await Promise.all(sent.map((r) => client.send(r)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    answers.forEach((a, i) => i % 2 && expect(a.body.toString()).toBe(`GET /r/${i}`));
    expect(blipping.blips()).toBeGreaterThan(10);
    expect(api.received).toHaveLength(200 + blipping.blips());
    expect(answers.reduce((n, a) => n + a.attempts, 0)).toBe(200 + blipping.blips());
    expect(client.stats().transient).toEqual({ met: blipping.blips(), resent: blipping.blips(), reproduced: 0, notResent: 0 });
    expect(client.stats()).toMatchObject({ rateLimited: 0, retries: 0 });
  });

  it('a route that always answers 502 gives the caller that 502 after the bounded attempts, counted as reproduced', async () => {
    const api = await server(answer(502, { 'content-type': 'text/html' }, '<h1>502 Bad Gateway</h1>'));
    const client = transport({ baseUrl: api.origin, transient: { firstBackoffMs: 100 } });
    const got = await client.send(request('GET', `${api.origin}/always`));
    expect(got).toMatchObject({ status: 502, attempts: 4 });
    expect(got.body.toString()).toBe('<h1>502 Bad Gateway</h1>');
    expect(api.received).toHaveLength(4);
    // Waits of 50-100, 100-200 and 200-400 ms between the attempts.
    const gaps = api.received.slice(1).map((r, i) => r.at - api.received[i].at);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(100 * 2 ** i * 0.5 - 5));
    expect(got.waitedMs).toBeGreaterThanOrEqual(340);
    expect(client.stats().transient).toEqual({ met: 4, resent: 3, reproduced: 1, notResent: 0 });
    const once = transport({ baseUrl: api.origin, transient: { maxAttempts: 1 } });
    expect(await once.send(request('GET', `${api.origin}/always`))).toMatchObject({ status: 502, attempts: 1 });
  });

  it('503 without Retry-After and 504 are sent again like 502; 503 with Retry-After stays a rate limit', async () => {
    const api = await server(statuses(503, 504, 200));
    const client = transport({ baseUrl: api.origin });
    expect(await client.send(request('GET', `${api.origin}/x`))).toMatchObject({ status: 200, attempts: 3 });
    expect(client.stats().transient).toEqual({ met: 2, resent: 2, reproduced: 0, notResent: 0 });
    const limited = await server((req, res, index) =>
      index === 0 ? answer(503, { 'retry-after': '0' })(req, res, index) : echo(req, res, index),
    );
    const other = transport({ baseUrl: limited.origin });
    expect(await other.send(request('GET', `${limited.origin}/y`))).toMatchObject({ status: 200, attempts: 2 });
    expect(other.stats()).toMatchObject({ rateLimited: 1, retries: 1, transient: { met: 0 } });
  });

  it("a 500 is the server's answer, sent once", async () => {
    const api = await server(answer(500, {}, 'internal error'));
    const client = transport({ baseUrl: api.origin });
    expect(await client.send(request('GET', `${api.origin}/x`))).toMatchObject({ status: 500, attempts: 1 });
    expect(api.received).toHaveLength(1);
    expect(client.stats().transient.met).toBe(0);
  });

  it('a write met with 502 is not sent again unless its caller marked it safe', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const api = await server(statuses(502, 200));
      const client = transport({ baseUrl: api.origin });
      expect(await client.send(request(method, `${api.origin}/w`))).toMatchObject({ status: 502, attempts: 1 });
      expect(api.received).toHaveLength(1);
      expect(client.stats().transient).toEqual({ met: 1, resent: 0, reproduced: 0, notResent: 1 });
      const marked = await server(statuses(502, 200));
      const got = await client.send(request(method, `${marked.origin}/w`, { resend: 'safe' }));
      expect(got).toMatchObject({ status: 200, attempts: 2 });
      expect(marked.received.map((r) => r.method)).toEqual([method, method]);
    }
  });
});

describe('connections lost under a request', () => {
  /** An HTTP server that never sends a Keep-Alive hint (as behind a load balancer), behind an idle front. */
  async function behindIdleFront(options: IdleFrontOptions, handler: Handler = echo) {
    const api = createServer((req, res) => {
      req.resume();
      handler(req, res, 0);
    });
    api.keepAliveTimeout = 0;
    const origin = await listen(api);
    keep(origin);
    const front = await startIdleFront(origin.origin, options);
    keep(front);
    return front;
  }

  /** Sends each request after the pause, one at a time; every answer or error, in order. */
  async function sendPaced(client: Transport, requests: WireRequest[], pauseMs: number) {
    const out: (number | string)[] = [];
    for (const r of requests) {
      await sleep(pauseMs);
      out.push(
        await client.send(r).then(
          (a) => a.status,
          (e: Error) => e.message,
        ),
      );
    }
    return out;
  }

  const mixed = (origin: string) => ['GET', 'POST', 'PATCH', 'GET', 'POST', 'DELETE'].map((m, i) => request(m, `${origin}/${i}`));

  it('a front closing connections idle for 300 ms (no Connection: close): pauses of 400 ms get every answer', async () => {
    const front = await behindIdleFront({ idleMs: 300, mode: 'close' });
    const client = transport({ baseUrl: front.origin });
    expect(await sendPaced(client, mixed(front.origin), 400)).toEqual(Array(6).fill(200));
    expect(front.ended()).toBeGreaterThanOrEqual(5);
    expect(client.stats().failed).toBe(0);
  });

  it('when the close crosses the request (reset unread on a reused connection), any method is sent again, POST too', async () => {
    const front = await behindIdleFront({ idleMs: 300, mode: 'race' });
    const client = transport({ baseUrl: front.origin });
    expect(await sendPaced(client, mixed(front.origin), 400)).toEqual(Array(6).fill(200));
    // The first request opened the first connection; each later one met the race once.
    expect(front.ended()).toBe(5);
    expect(client.stats().transient).toEqual({ met: 5, resent: 5, reproduced: 0, notResent: 0 });
    expect(client.stats()).toMatchObject({ sent: 11, failed: 5, answers: 6 });
  });

  it('a reset on a new connection may have reached the server: a POST is not sent again, a GET is, until it reproduces', async () => {
    const api = await server((req) => req.socket.resetAndDestroy());
    const client = transport({ baseUrl: api.origin });
    const post = await client.send(request('POST', `${api.origin}/w`)).catch((e: Error) => e);
    expect(post).toBeInstanceOf(TransportError);
    expect((post as TransportError).code).toBe('ECONNRESET');
    expect(api.received).toHaveLength(1);
    expect(client.stats().transient).toEqual({ met: 1, resent: 0, reproduced: 0, notResent: 1 });
    const get = await client.send(request('GET', `${api.origin}/r`)).catch((e: Error) => e);
    expect((get as Error).message).toMatch(/ECONNRESET.* \(sent 4 times\)$/);
    expect(api.received).toHaveLength(5);
    expect(client.stats().transient).toEqual({ met: 5, resent: 3, reproduced: 1, notResent: 1 });
  });

  it('a connection lost after its answer began (in the status line or the body) is not sent again for a POST, even reused', async () => {
    const cutAnswers: Handler[] = [
      (req) => req.socket.end('HTTP/1.1 200 OK\r\nContent-Le'),
      (req, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.end('partial');
        req.socket.destroy();
      },
    ];
    for (const cut of cutAnswers) {
      const api = await server((req, res, index) => (index === 0 ? echo : cut)(req, res, index));
      const client = transport({ baseUrl: api.origin });
      expect((await client.send(request('GET', `${api.origin}/first`))).status).toBe(200);
      // A pause: undici checks an idle connection for a close before reusing it, and meanwhile opens another.
      await sleep(50);
      const error = await client.send(request('POST', `${api.origin}/w`)).catch((e: Error) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(api.received).toHaveLength(2);
      expect(client.stats().transient).toEqual({ met: 1, resent: 0, reproduced: 0, notResent: 1 });
    }
  });

  it('a connection idle longer than 1.5 s is not used again: a firewall silently dropping idle ones costs no timeout', async () => {
    const front = await behindIdleFront({ idleMs: 1800, mode: 'drop' });
    const client = transport({ baseUrl: front.origin, timeoutMs: 1500 });
    expect(await sendPaced(client, [request('GET', `${front.origin}/a`), request('POST', `${front.origin}/b`)], 2000)).toEqual([200, 200]);
    expect(front.connections()).toBe(2);
    expect(front.ended()).toBe(0);
  }, 10_000);
});
