// A per-key token bucket: each bearer token may send `perSecond` requests a
// second with bursts of `burst`; beyond that, 429 with Retry-After (whole
// seconds). Requests without a key are not limited.
import { failure } from '../answers.ts';
import { bearerToken } from '../parts.ts';
import type { Stage } from '../types.ts';

export interface RateLimitOptions {
  perSecond: number;
  burst?: number;
}

/** A stage limiting each key's request rate. */
export function rateLimit(options: RateLimitOptions): Stage {
  const burst = options.burst ?? options.perSecond;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return async (request, next) => {
    const token = bearerToken(request);
    if (token === undefined) return next(request);
    const now = Date.now();
    const bucket = buckets.get(token) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond);
    bucket.at = now;
    buckets.set(token, bucket);
    if (bucket.tokens < 1) {
      const waitS = Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
      return { ...failure(429, 'rate_limited', 'Too many requests for this key.'), headers: { 'Retry-After': String(waitS) } };
    }
    bucket.tokens -= 1;
    return next(request);
  };
}
