// Reads Retry-After (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.

/** How long a Retry-After value asks to wait, in ms; undefined when there is none or it cannot be read. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date always names the day ("Sun, 06 Nov 1994 08:49:37 GMT"); a bare number-like text is not one.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait a rate-limited answer asks for: 429 always counts (wait undefined without Retry-After), 503 only with a readable Retry-After. */
export function rateLimitOf(
  status: number,
  headers: Record<string, string>,
): { askedMs: number | undefined; kind: 'rate-limited' | 'unavailable' } | undefined {
  const askedMs = retryAfterMs(headers['retry-after']);
  if (status === 429) return { askedMs, kind: 'rate-limited' };
  // A 503 with Retry-After asks this request to wait; it says the key went too fast only when it keeps coming.
  if (status === 503 && askedMs !== undefined) return { askedMs, kind: 'unavailable' };
  return undefined;
}
