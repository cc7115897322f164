// The three ways a request can end without an answer for the caller: no HTTP
// answer at all, a rate limit waited out to its cap, a key bound for another origin.
// Messages name the cause and the fix; they never hold a header, a body or a URL's query.

/** No HTTP answer: refused, reset, timed out, TLS. */
export class TransportError extends Error {
  override name = 'TransportError';
  /** The system or library error code, when there is one (ECONNREFUSED, UND_ERR_SOCKET, SELF_SIGNED_CERT_IN_CHAIN…). */
  readonly code?: string;
  /** Lost before any byte of an answer on a connection an earlier request had used: the server closed it idle, unprocessed. */
  readonly lostOnReusedSocket: boolean;
  constructor(message: string, code?: string, lostOnReusedSocket = false) {
    super(message);
    this.code = code;
    this.lostOnReusedSocket = lostOnReusedSocket;
  }
}

/** Which limit ended the waiting. */
export type RateLimitCap = 'maxAttempts' | 'maxWaitMs' | 'runBudget';

/** The server kept answering 429 (or 503 with Retry-After) past one of the client's limits. */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  constructor(
    /** The last rate-limited status: 429 or 503. */
    readonly status: number,
    /** How long the last answer asked to wait (Retry-After), in ms; undefined when it did not say. */
    readonly askedMs: number | undefined,
    /** Attempts made, the first included. */
    readonly attempts: number,
    readonly cap: RateLimitCap,
    /** The cap's value, in attempts or ms. */
    readonly limit: number,
  ) {
    super(rateLimitMessage(status, askedMs, attempts, cap, limit));
  }
}

/** A request carrying a key was bound for an origin other than the base URL's; nothing was sent. */
export class OriginError extends Error {
  override name = 'OriginError';
}

/** A duration for a message: "800 ms", "30 s", "2.5 s". */
function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Math.round(ms / 100) / 10} s`;
}

function rateLimitMessage(status: number, askedMs: number | undefined, attempts: number, cap: RateLimitCap, limit: number): string {
  const what = status === 429 ? 'rate limited' : `unavailable (${status})`;
  const asked =
    askedMs === undefined ? `answered ${status} without Retry-After` : `the server asked to wait ${duration(askedMs)} (Retry-After)`;
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (cap === 'maxWaitMs')
    return `${what}: ${asked}, longer than the longest wait honoured (${duration(limit)}, retry.maxWaitMs), after ${tries}`;
  if (cap === 'runBudget')
    return `${what}: ${asked} after ${tries}; the run has used its ${duration(limit)} for waiting out rate limits (retry.runBudgetMs)`;
  return `${what}: ${asked} after ${tries} (retry.maxAttempts)`;
}

// Codes of a certificate chain the client does not trust; the fix is to trust the CA.
const UNTRUSTED_CERT = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

const TLS_FIX =
  'the server certificate is not signed by a trusted CA; trust the CA with NODE_EXTRA_CA_CERTS=/path/ca.pem or the transport ca option';

/**
 * The TransportError for an error thrown while sending (an abort with a TransportError reason stays as it is);
 * `lostOnReusedSocket` when it came before any byte of an answer on a reused connection.
 */
export function noAnswer(error: unknown, lostOnReusedSocket = false): TransportError {
  if (error instanceof TransportError) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  const text = message || String(error);
  const named = code && !text.includes(code) ? `${code}: ${text}` : text;
  if (code && UNTRUSTED_CERT.has(code)) return new TransportError(`${named} (${TLS_FIX})`, code);
  return new TransportError(named, code, lostOnReusedSocket);
}
