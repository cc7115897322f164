// Rate limiting as proxy rules: a token bucket per key (the bearer token;
// requests without one share a bucket) answering 429 with Retry-After, and
// the servers that refuse everything: always 429, or 503 with Retry-After.
import { createHash } from 'node:crypto';
import type { ProxyResponse, Rule } from './loopback-proxy.ts';
import { bearerOf, problemAnswer } from './rule-json.ts';

export interface TokenBucketOptions {
  /** Tokens added per second (R). */
  perSecond: number;
  /** Bucket size (B): the longest burst accepted at once. */
  burst: number;
  /** How 429 states the wait: whole seconds (default) or an HTTP date. */
  retryAfter?: 'seconds' | 'http-date';
  /** The clock in milliseconds (default Date.now); tests may pass a fake one. */
  now?: () => number;
}

/** Requests a bucket let through and refused. */
export interface KeyCounts {
  accepted: number;
  refused: number;
}

export interface RateLimiter {
  rule: Rule;
  /** The counts of requests carrying `token`, or of requests without a bearer token when it is undefined. */
  countsFor(token?: string): KeyCounts;
  /** Every bucket's counts, by a label that never holds the token (`anonymous` or `key:<sha256 prefix>`). */
  counts(): Record<string, KeyCounts>;
}

/** The label a key's bucket is counted under: a hash prefix, so a failing assertion never prints a key. */
export const keyLabel = (token: string | undefined): string =>
  token === undefined ? 'anonymous' : `key:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;

/** A 429 problem answer that says when to come back. */
function tooMany(detail: string, retryAfter: string): ProxyResponse {
  return problemAnswer(429, 'rate_limited', detail, { 'retry-after': retryAfter });
}

/** A token bucket of `perSecond` requests a second with bursts of `burst`, per key; refusals are 429 with Retry-After. */
export function tokenBucket(options: TokenBucketOptions): RateLimiter {
  const { perSecond, burst, retryAfter = 'seconds', now = Date.now } = options;
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) throw new Error(`perSecond must be a positive number, got ${perSecond}.`);
  if (!Number.isInteger(burst) || burst < 1) throw new Error(`burst must be an integer of at least 1, got ${burst}.`);
  const buckets = new Map<string, { tokens: number; at: number; counts: KeyCounts }>();
  const bucketOf = (label: string, t: number) => {
    let bucket = buckets.get(label);
    if (!bucket) buckets.set(label, (bucket = { tokens: burst, at: t, counts: { accepted: 0, refused: 0 } }));
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
    bucket.at = t;
    return bucket;
  };
  const rule: Rule = (request, forward) => {
    const t = now();
    const bucket = bucketOf(keyLabel(bearerOf(request)), t);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.counts.accepted++;
      return forward(request);
    }
    bucket.counts.refused++;
    const waitMs = ((1 - bucket.tokens) / perSecond) * 1000;
    const header =
      retryAfter === 'seconds'
        ? String(Math.max(1, Math.ceil(waitMs / 1000)))
        : new Date(Math.ceil((t + waitMs) / 1000) * 1000).toUTCString();
    const detail = `At most ${perSecond} requests a second per key, in bursts of up to ${burst}; retry after ${header}.`;
    return Promise.resolve(tooMany(detail, header));
  };
  return {
    rule,
    countsFor: (token) => ({ ...(buckets.get(keyLabel(token))?.counts ?? { accepted: 0, refused: 0 }) }),
    counts: () => Object.fromEntries([...buckets].map(([label, b]) => [label, { ...b.counts }])),
  };
}

/** Refuses every request 429 with `Retry-After: 1` (a server that is always over its limit). */
export const always429: Rule = () => Promise.resolve(tooMany('This server is over its request limit; retry after 1 s.', '1'));

/** Refuses every request 503 with Retry-After in seconds (a server down for maintenance). */
export function unavailable503(retryAfterSeconds = 1): Rule {
  if (!Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 0)
    throw new Error(`retryAfterSeconds must be a whole number >= 0, got ${retryAfterSeconds}.`);
  const answer = problemAnswer(503, 'unavailable', `The service is unavailable; retry after ${retryAfterSeconds} s.`, {
    'retry-after': String(retryAfterSeconds),
  });
  return () => Promise.resolve(answer);
}
