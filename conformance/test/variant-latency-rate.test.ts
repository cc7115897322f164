// Variants that are slow or refuse: latency as a rule (alone and around
// another), the per-key token bucket with its 429 and Retry-After, a server
// always at 429 and one answering 503, and the order in which stacked rules run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { clientOf, type Call } from './support/variant-client.ts';
import { latency, withLatency } from './support/latency-rule.ts';
import { always429, keyLabel, tokenBucket, unavailable503 } from './support/rate-limit-rules.ts';
import { stackRules, when } from './support/rule-stack.ts';
import { delayPicker } from './support/seeded-random.ts';
import type { ProxyRequest, Rule } from './support/loopback-proxy.ts';

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
};

describe('stacked rules', () => {
  it('run outermost first on the way in and last on the way out; `when` skips the requests it does not pick', async () => {
    const seen: string[] = [];
    const tracer =
      (name: string): Rule =>
      async (request, forward) => {
        seen.push(`${name} in`);
        const answer = await forward(request);
        seen.push(`${name} out`);
        return answer;
      };
    const rule = stackRules(
      tracer('a'),
      when((r) => r.url.startsWith('/b'), tracer('b')),
      tracer('c'),
    );
    const forward = async (request: ProxyRequest) => {
      seen.push(`server ${request.url}`);
      return { status: 200, headers: {}, body: Buffer.alloc(0) };
    };
    const request = (url: string) => ({ method: 'GET', url, headers: {}, body: Buffer.alloc(0) });
    await rule(request('/b'), forward);
    expect(seen).toEqual(['a in', 'b in', 'c in', 'server /b', 'c out', 'b out', 'a out']);
    seen.length = 0;
    await rule(request('/x'), forward);
    expect(seen).toEqual(['a in', 'c in', 'server /x', 'c out', 'a out']);
  });
});

describe('latency', () => {
  let fast: Variant;
  let slow: Variant;
  beforeAll(async () => {
    [fast, slow] = await Promise.all([startVariant(), startVariant({ rules: [latency(150)] })]);
  });
  afterAll(async () => Promise.all([fast?.close(), slow?.close()]));

  it('delays every answer by the fixed time and leaves it unchanged', async () => {
    const get = (v: Variant) => clientOf(v.baseUrl)('GET', '/workspaces', { token: v.token('full') });
    await get(fast);
    const [direct, directMs] = await timed(() => get(fast));
    const [delayed, delayedMs] = await timed(() => get(slow));
    expect(delayedMs).toBeGreaterThanOrEqual(148);
    expect(delayedMs - directMs).toBeGreaterThanOrEqual(100);
    expect(delayed.status).toBe(200);
    expect(delayed.json).toEqual(direct.json);
  });

  it('picks delays in a range from a seed: the same seed gives the same delays', () => {
    const a = Array.from({ length: 20 }, delayPicker([300, 500], 42));
    const b = Array.from({ length: 20 }, delayPicker([300, 500], 42));
    const c = Array.from({ length: 20 }, delayPicker([300, 500], 43));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(Math.min(...a)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...a)).toBeLessThanOrEqual(500);
    expect(new Set(a).size).toBeGreaterThan(10);
    expect(() => latency([500, 300])).toThrow(/range/);
  });

  it('wraps another rule: its own answers come late too', async () => {
    const rule = withLatency(120, always429);
    const forward = () => Promise.reject(new Error('always429 answers by itself'));
    const [answer, ms] = await timed(() => rule({ method: 'GET', url: '/api/v1/workspaces', headers: {}, body: Buffer.alloc(0) }, forward));
    expect(answer.status).toBe(429);
    expect(ms).toBeGreaterThanOrEqual(118);
  });
});

describe('token bucket per key', () => {
  let variant: Variant;
  let call: Call;
  let clock = 1_000_000;
  const limiter = tokenBucket({ perSecond: 5, burst: 30, now: () => clock });
  const dated = tokenBucket({ perSecond: 2, burst: 1, retryAfter: 'http-date' });
  const realTime = tokenBucket({ perSecond: 10, burst: 2 });
  let active: Rule = limiter.rule;
  beforeAll(async () => {
    variant = await startVariant({ rules: [(request, forward) => active(request, forward)] });
    call = clientOf(variant.baseUrl);
  });
  afterAll(async () => variant?.close());

  it('accepts a burst of 30, refuses the 31st with 429, Retry-After and a problem body, and accepts again 1/R s later', async () => {
    active = limiter.rule;
    const token = variant.token('full');
    const burst = await Promise.all(Array.from({ length: 30 }, () => call('GET', '/workspaces', { token })));
    expect(burst.map((a) => a.status)).toEqual(Array(30).fill(200));
    const refused = await call('GET', '/workspaces', { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.json).toMatchObject({ status: 429, code: 'rate_limited' });
    // Another key has a bucket of its own.
    expect((await call('GET', '/workspaces', { token: variant.token('readonly') })).status).toBe(200);
    clock += 199;
    expect((await call('GET', '/workspaces', { token })).status).toBe(429);
    clock += 1;
    expect((await call('GET', '/workspaces', { token })).status).toBe(200);
    expect((await call('GET', '/workspaces', { token })).status).toBe(429);
    expect(limiter.countsFor(token)).toEqual({ accepted: 31, refused: 3 });
    expect(limiter.countsFor(variant.token('readonly'))).toEqual({ accepted: 1, refused: 0 });
    const labels = Object.keys(limiter.counts());
    expect(labels).toEqual([keyLabel(token), keyLabel(variant.token('readonly'))]);
    expect(JSON.stringify(limiter.counts())).not.toContain(token);
  });

  it('counts requests without a key in one shared bucket', async () => {
    active = limiter.rule;
    clock += 60_000;
    const anonymous = await Promise.all(
      Array.from({ length: 31 }, (_, i) => call('GET', '/workspaces', { headers: { 'x-n': String(i) } })),
    );
    expect(anonymous.filter((a) => a.status === 401)).toHaveLength(30);
    expect(anonymous.filter((a) => a.status === 429)).toHaveLength(1);
    expect(limiter.countsFor(undefined)).toEqual({ accepted: 30, refused: 1 });
  });

  it('states Retry-After as an HTTP date when asked', async () => {
    active = dated.rule;
    const token = variant.token('full');
    expect((await call('GET', '/workspaces', { token })).status).toBe(200);
    const refused = await call('GET', '/workspaces', { token });
    expect(refused.status).toBe(429);
    const header = refused.headers.get('retry-after')!;
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const wait = Date.parse(header) - Date.now();
    expect(wait).toBeGreaterThan(-1000);
    expect(wait).toBeLessThanOrEqual(1500);
  });

  it('refills on the real clock: refused at once, accepted again after 1/R s', async () => {
    active = realTime.rule;
    const token = variant.token('full');
    const statuses = (await Promise.all([1, 2, 3].map(() => call('GET', '/workspaces', { token })))).map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    await new Promise((done) => setTimeout(done, 120));
    expect((await call('GET', '/workspaces', { token })).status).toBe(200);
  });

  it('checks its options where they enter', () => {
    expect(() => tokenBucket({ perSecond: 0, burst: 1 })).toThrow(/perSecond/);
    expect(() => tokenBucket({ perSecond: 1, burst: 0.5 })).toThrow(/burst/);
  });
});

describe('servers that refuse everything', () => {
  let variant: Variant;
  let active: Rule = always429;
  beforeAll(async () => {
    variant = await startVariant({ rules: [(request, forward) => active(request, forward)] });
  });
  afterAll(async () => variant?.close());

  it('always 429: every request, with Retry-After: 1 and a problem body', async () => {
    active = always429;
    const call = clientOf(variant.baseUrl);
    for (const answer of [await call('GET', '/workspaces', { token: variant.token('full') }), await call('GET', '/workspaces')]) {
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.json).toMatchObject({ status: 429, code: 'rate_limited' });
    }
  });

  it('503 with Retry-After in seconds', async () => {
    active = unavailable503(3);
    const answer = await clientOf(variant.baseUrl)('GET', '/workspaces', { token: variant.token('full') });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(answer.json).toMatchObject({ status: 503 });
    expect(() => unavailable503(-1)).toThrow(/retryAfterSeconds/);
  });
});
