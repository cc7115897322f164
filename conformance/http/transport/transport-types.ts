// The shapes of the suite's one HTTP client: its settings, what a request carries,
// what an answer holds, and what it counts over a run.

/** How patient the client is with a rate-limiting server. */
export interface RetryLimits {
  /** Attempts per request, the first included (default 6). */
  maxAttempts: number;
  /** The longest single wait the client honours, in ms (default 60 s). */
  maxWaitMs: number;
  /** The total time the whole run may spend waiting out rate limits, in ms (default 10 min). */
  runBudgetMs: number;
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
  /** Extra PEM CA certificates trusted besides the default roots (a private TLS deployment). */
  /** Why the run has stopped, when it has: a request still queued then is not sent (checked as it gets its slot). */
  stopped?: () => string | undefined;
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
  /** Times sent, retries after a rate limit included. */
  attempts: number;
  /** Time spent waiting for pacing and rate limits before the attempts, in ms. */
  waitedMs: number;
  /** From the call to the answer, waits included, in ms. */
  elapsedMs: number;
}

/** What the client did over its life. */
export interface TransportStats {
  /** Requests put on the wire, retries included. */
  sent: number;
  /** HTTP answers received (rate-limited ones included). */
  answers: number;
  /** Requests that got no HTTP answer (refused, reset, timed out, TLS). */
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
}

/** The suite's HTTP client. */
export interface Transport {
  /** Sends one request: an answer, or a TransportError, RateLimitedError or OriginError. */
  send(request: WireRequest): Promise<WireAnswer>;
  stats(): TransportStats;
  /** Refuses queued requests, lets those in flight end, and closes the connections. */
  close(): Promise<void>;
}
