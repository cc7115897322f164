// The transport's settings with their defaults, checked where they enter: a
// wrong value is refused with a message naming the field, never used quietly.
import type { RetryLimits, TransientLimits, TransportConfig } from './transport-types.ts';

/** The size cap when the config sets none: 8 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Requests in flight when the config sets no concurrency. */
export const DEFAULT_CONCURRENCY = 8;
/** The rate-limit caps when the config sets none. */
export const DEFAULT_RETRY: RetryLimits = { maxAttempts: 6, maxWaitMs: 60_000, runBudgetMs: 10 * 60_000 };
/**
 * Resends after transient failures when the config sets none: four attempts, waits of up to 0.25, 0.5 and 1 s.
 * A load balancer's blip to one request in 40 then reproduces four times in a row about once in 2.5 million requests.
 */
export const DEFAULT_TRANSIENT: TransientLimits = { maxAttempts: 4, firstBackoffMs: 250 };

/** The settings a transport runs with. */
export interface TransportOptions {
  baseOrigin: string;
  timeoutMs: number;
  maxResponseBytes: number;
  concurrency: number;
  maxRps?: number;
  retry: RetryLimits;
  transient: TransientLimits;
  ca: string[];
}

function whole(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new TypeError(`transport: ${name} must be a whole number of at least ${min}, got ${String(value)}.`);
  return value;
}

/** The config with defaults filled in; throws a TypeError naming the first wrong field. */
export function resolveOptions(config: TransportConfig): TransportOptions {
  let base: URL;
  try {
    base = new URL(config.baseUrl);
  } catch {
    throw new TypeError('transport: baseUrl must be an absolute http(s) URL.');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError('transport: baseUrl must be an http(s) URL.');
  const maxRps = config.maxRps;
  if (maxRps !== undefined && !(typeof maxRps === 'number' && Number.isFinite(maxRps) && maxRps > 0))
    throw new TypeError(`transport: maxRps must be a positive number of requests per second, got ${String(maxRps)}.`);
  const ca = config.ca === undefined ? [] : [config.ca].flat();
  if (ca.some((pem) => typeof pem !== 'string' || !pem.includes('-----BEGIN CERTIFICATE-----')))
    throw new TypeError('transport: ca must hold PEM certificates ("-----BEGIN CERTIFICATE-----").');
  const retry = { ...DEFAULT_RETRY, ...config.retry };
  const transient = { ...DEFAULT_TRANSIENT, ...config.transient };
  return {
    baseOrigin: base.origin,
    timeoutMs: whole('timeoutMs', config.timeoutMs, 1),
    maxResponseBytes: whole('maxResponseBytes', config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, 0),
    concurrency: whole('concurrency', config.concurrency ?? DEFAULT_CONCURRENCY, 1),
    ...(maxRps === undefined ? {} : { maxRps }),
    retry: {
      maxAttempts: whole('retry.maxAttempts', retry.maxAttempts, 1),
      maxWaitMs: whole('retry.maxWaitMs', retry.maxWaitMs, 0),
      runBudgetMs: whole('retry.runBudgetMs', retry.runBudgetMs, 0),
    },
    transient: {
      maxAttempts: whole('transient.maxAttempts', transient.maxAttempts, 1),
      firstBackoffMs: whole('transient.firstBackoffMs', transient.firstBackoffMs, 0),
    },
    ca,
  };
}
