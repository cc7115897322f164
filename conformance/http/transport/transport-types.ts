// The shapes of the suite's one HTTP client: its settings, what a request carries,
// what an answer holds, and what it counts over a run.

import type { SendGate } from './paced-slots.ts';

/** How patient the client is with a rate-limiting server. */
export interface RetryLimits {
  /** Attempts per request, the first included (default 6). */
  maxAttempts: number;
  /** The longest single wait the client honours, in ms (default 60 s). */
  maxWaitMs: number;
  /** The total time the whole run may spend waiting out rate limits, in ms (default 10 min). */
  runBudgetMs: number;
}

/** How a transient failure (502, 503 or 504 without Retry-After, a reset or closed connection) is sent again. */
export interface TransientLimits {
  /** Attempts per request while it meets transient failures, the first included (default 4). */
  maxAttempts: number;
  /** The wait before the first resend, in ms, doubled for each next one; each wait is jittered down to half (default 250). */
  firstBackoffMs: number;
}

/** What `createTransport` takes; every field is checked where it enters. */
export interface TransportConfig {
  /** The deployment's base URL: its origin is the only origin a request carrying a key may go to. */
  baseUrl: string;
  /** The whole exchange, from connect to the last byte, in ms. */
  timeoutMs: number;
  /** The most body bytes kept of an answer; past it the body is cut and `tooLarge` set (default 8 MiB). */
  maxResponseBytes?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** A ceiling on requests per second over all requests (default: none). */
  maxRps?: number;
  retry?: Partial<RetryLimits>;
  transient?: Partial<TransientLimits>;
  /**
   * Who may send next (pacing per key, the bound on requests in flight): the run board's, shared by every process of
   * a run; by default the transport's own, built from `concurrency` and `maxRps`.
   */
  gate?: SendGate;
  /** Why the run has stopped, when it has: a request still queued then is not sent (checked as it gets its slot). */
  stopped?: () => string | undefined;
  /** Extra PEM CA certificates trusted besides the default roots (a private TLS deployment). */
  ca?: string | string[];
}

/** One request as it goes on the wire. */
export interface WireRequest {
  method: string;
  /** Absolute http(s) URL, sent as given. */
  url: string;
  /** An array sends one header line per value; a value above U+00FF goes as its UTF-8 bytes. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** The request holds a key (in a header or the URL): it may only go to the base URL's origin. */
  carriesKey: boolean;
  /** Paces this request with others of the same group: the key's config name, never its token. */
  rateGroup?: string;
  /** The path and query to send exactly as written (dot segments unresolved); `url` then only names the origin. */
  rawPath?: string;
  /**
   * 'safe': the caller allows sending this write again after a 502/503/504 or a lost connection that may have
   * reached the server (GET and HEAD always are; a write lost unanswered on a reused connection always is).
   */
  resend?: 'safe';
}

/** A header line as received. */
export interface HeaderLine {
  name: string;
  value: string;
}

/** An HTTP answer, as the server sent it (bounded by the size cap). */
export interface WireAnswer {
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  /** Every header line in the order received, lower-case names. */
  headersArray: HeaderLine[];
  /** The raw bytes (never decompressed), at most `maxResponseBytes` of them. */
  body: Buffer;
  /** Set when the body was longer than the cap: the first `limit` bytes are kept, `seen` bytes had arrived when reading stopped. */
  tooLarge?: { limit: number; seen: number };
  /** Set on a 3xx with a Location: where it points (resolved), and whether that is the request's own origin. Never followed. */
  redirect?: { location: string; sameOrigin: boolean };
  /** Times sent, resends after a rate limit or a transient failure included. */
  attempts: number;
  /** Time spent waiting for pacing, rate limits and backoff before the attempts, in ms. */
  waitedMs: number;
  /** From the call to the answer, waits included, in ms. */
  elapsedMs: number;
}

/**
 * Transient failures met: 502, 503 or 504 answers that are not rate limits, and connections reset or closed
 * before the answer. Each one met is resent, or ends its request: `met = resent + reproduced + notResent`.
 */
export interface TransientCounts {
  met: number;
  /** Resends after one. */
  resent: number;
  /** Met on a request's last allowed attempt: the caller got that answer or error (a failure that reproduces). */
  reproduced: number;
  /** Met by a write that was not safe to send again: the caller got it at once. */
  notResent: number;
}

/** What the client did over its life. */
export interface TransportStats {
  /** Requests put on the wire, retries included. */
  sent: number;
  /** HTTP answers received (rate-limited ones included). */
  answers: number;
  /** Attempts that got no HTTP answer (refused, reset, timed out, TLS). */
  failed: number;
  /** 429 answers and 503 answers with Retry-After met. */
  rateLimited: number;
  /** Resends after a rate-limited answer. */
  retries: number;
  /** Wall-clock time during which at least one request waited out a rate limit, in ms. */
  waitedMs: number;
  /** Answers whose body was cut at the size cap. */
  tooLarge: number;
  /** 3xx answers with a Location that were returned instead of followed. */
  redirectsRefused: number;
  /** The most requests that were in flight at once. */
  maxInFlight: number;
  transient: TransientCounts;
}

/** The suite's HTTP client. */
export interface Transport {
  /** Sends one request: an answer, or a TransportError, RateLimitedError or OriginError. */
  send(request: WireRequest): Promise<WireAnswer>;
  stats(): TransportStats;
  /** Refuses queued requests, lets those in flight end, and closes the connections. */
  close(): Promise<void>;
}
