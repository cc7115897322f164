// The transport against loopback servers that limit the rate: Retry-After in
// seconds and as an HTTP date is waited out, a server that always says 429 ends
// in a RateLimitedError within the caps (never a 429 handed back), pacing per key
// comes close to a token bucket's rate, and maxRps and concurrency hold.
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../http/transport/transport-errors.ts';
import type { WireRequest } from '../http/transport/transport-types.ts';
import { closedAfterEach } from './support/closed-after-each.ts';
import { answer, tokenBucket, type Handler } from './support/wire-servers.ts';

const { server, transport } = closedAfterEach();

const get = (url: string, key = 'full'): WireRequest => ({
  method: 'GET',
  url,
  headers: { authorization: `Bearer token-of-${key}` },
  carriesKey: true,
  rateGroup: key,
});

/** Answers 429 with these headers to the first `times` requests, then 200 with the request's number. */
function limitedFirst(times: number, headers: () => Record<string, string>, status = 429): Handler {
  return (_req, res, index) => {
    if (index < times) return answer(status, headers(), 'slow down')(_req, res, index);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"request":${index + 1}}`);
  };
}

describe('Retry-After is waited out', () => {
  it('429 with Retry-After in seconds: waited, resent, answered', async () => {
    const api = await server(limitedFirst(1, () => ({ 'retry-after': '1' })));
    const client = transport({ baseUrl: api.origin });
    const got = await client.send(get(`${api.origin}/x`));
    expect(got.status).toBe(200);
    expect(got.body.toString()).toBe('{"request":2}');
    expect(got.attempts).toBe(2);
    expect(got.waitedMs).toBeGreaterThanOrEqual(950);
    expect(api.received[1].at - api.received[0].at).toBeGreaterThanOrEqual(950);
    expect(client.stats()).toMatchObject({ sent: 2, answers: 2, rateLimited: 1, retries: 1 });
    expect(client.stats().waitedMs).toBe(1000);
  });

  it('429 with Retry-After as an HTTP date: waited until then, resent, answered', async () => {
    const api = await server(limitedFirst(1, () => ({ 'retry-after': new Date(Date.now() + 2000).toUTCString() })));
    const client = transport({ baseUrl: api.origin });
    const got = await client.send(get(`${api.origin}/x`));
    expect(got.status).toBe(200);
    expect(got.attempts).toBe(2);
    // An HTTP date has whole seconds: "in 2 s" is between 1 and 2 s away.
    expect(api.received[1].at - api.received[0].at).toBeGreaterThanOrEqual(950);
    expect(api.received[1].at - api.received[0].at).toBeLessThan(2200);
  });

  it('503 with Retry-After is waited out like a 429', async () => {
    const api = await server(limitedFirst(1, () => ({ 'retry-after': '1' }), 503));
    const client = transport({ baseUrl: api.origin });
    const got = await client.send(get(`${api.origin}/x`));
    expect(got).toMatchObject({ status: 200, attempts: 2 });
    expect(api.received).toHaveLength(2);
  });

  it("503 with Retry-After holds back only the request that got it: the key's other requests go on meanwhile", async () => {
    // A sick backend behind a balancer: the first request is answered 503 with Retry-After, every other one at once.
    const api = await server(limitedFirst(1, () => ({ 'retry-after': '1' }), 503));
    const client = transport({ baseUrl: api.origin, concurrency: 4 });
    const first = client.send(get(`${api.origin}/first`));
    await new Promise((r) => setTimeout(r, 50));
    const others = await Promise.all(Array.from({ length: 8 }, (_, i) => client.send(get(`${api.origin}/other-${i}`))));
    expect((await first).status).toBe(200);
    expect(others.every((o) => o.status === 200 && o.attempts === 1)).toBe(true);
    // The others reached the server while the first waited out its second: they came before its resend.
    const resend = api.received.findLastIndex((r) => r.url === '/first');
    expect(api.received.slice(0, resend).filter((r) => r.url.startsWith('/other-'))).toHaveLength(8);
  });

  it('503s with Retry-After in a row hold back the whole key, as a rate limit does', async () => {
    const api = await server(limitedFirst(3, () => ({ 'retry-after': '1' }), 503));
    const client = transport({ baseUrl: api.origin, concurrency: 1 });
    const got = await Promise.all([client.send(get(`${api.origin}/a`)), client.send(get(`${api.origin}/b`))]);
    expect(got.map((g) => g.status)).toEqual([200, 200]);
    // After the third in a row, the key's next request waited out the Retry-After too (the group paused).
    const at = api.received.map((r) => r.at);
    expect(at.at(-1)! - at[2]).toBeGreaterThanOrEqual(950);
  });

  it('429 without Retry-After backs off 1 s, then 2 s', async () => {
    const api = await server(limitedFirst(2, () => ({})));
    const client = transport({ baseUrl: api.origin });
    const got = await client.send(get(`${api.origin}/x`));
    expect(got).toMatchObject({ status: 200, attempts: 3 });
    const [a, b, c] = api.received.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(950);
    expect(b - a).toBeLessThan(1500);
    expect(c - b).toBeGreaterThanOrEqual(1950);
    expect(c - b).toBeLessThan(2500);
  });
});

describe('a server that always answers 429', () => {
  const always = (headers: Record<string, string>) => answer(429, headers, 'no');

  it('gives up after maxAttempts with a RateLimitedError naming the wait; the 429 is never returned', async () => {
    const api = await server(always({ 'retry-after': '1' }));
    const client = transport({ baseUrl: api.origin, retry: { maxAttempts: 3 } });
    const started = performance.now();
    const error = await client.send(get(`${api.origin}/x`)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ status: 429, askedMs: 1000, attempts: 3, cap: 'maxAttempts' });
    expect((error as Error).message).toBe('rate limited: the server asked to wait 1 s (Retry-After) after 3 attempts (retry.maxAttempts)');
    expect(api.received).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1950);
    expect(client.stats()).toMatchObject({ sent: 3, rateLimited: 3, retries: 2 });
  });

  it('does not wait longer than maxWaitMs: a Retry-After of 120 s ends at once', async () => {
    const api = await server(always({ 'retry-after': '120' }));
    const client = transport({ baseUrl: api.origin, retry: { maxWaitMs: 30_000 } });
    const started = performance.now();
    const error = await client.send(get(`${api.origin}/x`)).catch((e: Error) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ askedMs: 120_000, attempts: 1, cap: 'maxWaitMs' });
    expect((error as Error).message).toBe(
      'rate limited: the server asked to wait 120 s (Retry-After), longer than the longest wait honoured (30 s, retry.maxWaitMs), after 1 attempt',
    );
    expect(api.received).toHaveLength(1);
  });

  it('stops when the run budget for waiting is used up, counted once for requests waiting together', async () => {
    const api = await server(always({ 'retry-after': '1' }));
    const client = transport({ baseUrl: api.origin, retry: { runBudgetMs: 1500 } });
    const errors = await Promise.all([1, 2, 3].map(() => client.send(get(`${api.origin}/x`)).catch((e: Error) => e)));
    for (const error of errors) expect(error).toMatchObject({ cap: 'runBudget', attempts: 2 });
    expect((errors[0] as Error).message).toBe(
      'rate limited: the server asked to wait 1 s (Retry-After) after 2 attempts; the run has used its 1.5 s for waiting out rate limits (retry.runBudgetMs)',
    );
    expect(api.received).toHaveLength(6);
    expect(client.stats().waitedMs).toBeLessThanOrEqual(1500);
  });
});

describe('pacing per key against a token bucket', () => {
  async function drain(rate: number, n: number) {
    const bucket = tokenBucket(rate, 2 * rate);
    const api = await server(bucket);
    const client = transport({ baseUrl: api.origin });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: n }, () => client.send(get(`${api.origin}/x`))));
    const seconds = (performance.now() - started) / 1000;
    return { answers, seconds, bucket, stats: client.stats() };
  }

  it(`R = 50/s (burst 100): 300 requests all answered 200 within 1.3 × N/R`, async () => {
    const { answers, seconds, bucket, stats } = await drain(50, 300);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(bucket.served()).toBe(300);
    expect(seconds).toBeLessThanOrEqual((1.3 * 300) / 50);
    expect(stats.rateLimited).toBe(bucket.refused());
    // After a 429 the key is paced near the bucket's rate: few requests are refused (about 10;
    // pausing for Retry-After alone, without lowering the rate, meets about 35).
    expect(bucket.refused()).toBeLessThanOrEqual(20);
    console.info(`R=50: ${seconds.toFixed(2)} s, ${bucket.refused()} 429s`);
  }, 15_000);

  it(`R = 15/s (burst 30): 150 requests all answered 200 within 1.3 × N/R`, async () => {
    const { answers, seconds, bucket } = await drain(15, 150);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(bucket.served()).toBe(150);
    expect(bucket.refused()).toBeLessThanOrEqual(0.15 * 150);
    expect(seconds).toBeLessThanOrEqual((1.3 * 150) / 15);
    console.info(`R=15: ${seconds.toFixed(2)} s, ${bucket.refused()} 429s`);
  }, 20_000);

  it('two keys are paced apart: one key limited does not slow the other', async () => {
    const bucket = tokenBucket(50, 100);
    const api = await server(bucket);
    const client = transport({ baseUrl: api.origin });
    const started = performance.now();
    const busy = Promise.all(Array.from({ length: 200 }, () => client.send(get(`${api.origin}/x`, 'busy'))));
    await new Promise((done) => setTimeout(done, 300));
    const quietStarted = performance.now();
    const quiet = await Promise.all(Array.from({ length: 20 }, () => client.send(get(`${api.origin}/x`, 'quiet'))));
    expect(performance.now() - quietStarted).toBeLessThan(500);
    expect(quiet.every((a) => a.status === 200 && a.attempts === 1)).toBe(true);
    expect((await busy).every((a) => a.status === 200)).toBe(true);
    expect((performance.now() - started) / 1000).toBeLessThanOrEqual((1.3 * 200) / 50);
  }, 15_000);
});

describe('maxRps and concurrency', () => {
  it('maxRps paces every request to at most that rate', async () => {
    const api = await server(answer(200));
    const client = transport({ baseUrl: api.origin, maxRps: 20 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.send(get(`${api.origin}/x`, i % 2 ? 'a' : 'b'))));
    const at = api.received.map((r) => r.at);
    const span = at[at.length - 1] - at[0];
    expect(span).toBeGreaterThanOrEqual((29 / 20) * 1000 - 50);
    expect(span).toBeLessThan((29 / 20) * 1000 * 1.3);
    for (const start of at) expect(at.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(21);
  });

  it('never has more than `concurrency` requests in flight at the server', async () => {
    const api = await server((_req, res) => setTimeout(() => answer(200, {}, 'ok')(_req, res, 0), 100));
    const client = transport({ baseUrl: api.origin, concurrency: 3 });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.send(get(`${api.origin}/x`))));
    expect(answers.map((a) => a.body.toString())).toEqual(Array(12).fill('ok'));
    expect(api.maxInFlight()).toBe(3);
    expect(client.stats().maxInFlight).toBe(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });
});
