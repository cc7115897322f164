// Transient failures: what counts as one (a gateway's 502, 503 or 504 that is not
// a rate limit, a connection reset or closed before the answer), whether a request
// may be sent again after one, how long to wait first, and the counts of a run.
// A failure counts only if it reproduces: after the last attempt the caller gets it.
import type { TransportError } from './transport-errors.ts';
import type { TransientCounts, TransientLimits, WireRequest } from './transport-types.ts';

// 503 with a readable Retry-After is a rate limit (retry-after.ts) and is waited out before this is asked.
const GATEWAY_STATUSES = new Set([502, 503, 504]);
// A connection lost under the request: reset, broken pipe, closed by the other side (undici's UND_ERR_SOCKET).
// Not a refused connection or a timeout: those say the deployment is down or stuck, and resending only delays that.
const LOST_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);
const READS = new Set(['GET', 'HEAD']);

/** Whether an answer's status is a transient gateway or availability failure. */
export const isTransientStatus = (status: number): boolean => GATEWAY_STATUSES.has(status);

/** Whether a send failed because the connection was lost under it. */
export const isLostConnection = (error: TransportError): boolean => error.code !== undefined && LOST_CONNECTION.has(error.code);

/**
 * Whether the request may go again after a transient failure: a read always; a write when the caller marked it
 * safe, or when it was lost unanswered on a reused connection (the server closed it idle and never processed it).
 */
export function mayResend(request: WireRequest, error?: TransportError): boolean {
  return READS.has(request.method.toUpperCase()) || request.resend === 'safe' || error?.lostOnReusedSocket === true;
}

/** What a transport does after transient failures, and what it counted. */
export interface TransientPolicy {
  /**
   * After a request's `met`-th transient failure: the wait in ms before sending it again,
   * or undefined when the failure ends the request (it reproduced, or the request may not go again).
   */
  next(request: WireRequest, met: number, error?: TransportError): number | undefined;
  counts(): TransientCounts;
}

/** The policy for the limits; `random` jitters each wait down to half its length (tests pass a fixed one). */
export function transientPolicy(limits: TransientLimits, random: () => number = Math.random): TransientPolicy {
  const counts: TransientCounts = { met: 0, resent: 0, reproduced: 0, notResent: 0 };
  return {
    next(request, met, error) {
      counts.met++;
      if (!mayResend(request, error)) {
        counts.notResent++;
        return undefined;
      }
      if (met >= limits.maxAttempts) {
        counts.reproduced++;
        return undefined;
      }
      counts.resent++;
      // Jitter spreads the resends of requests that failed together (a load balancer's restart) apart.
      const full = limits.firstBackoffMs * 2 ** (met - 1);
      return Math.round(full / 2 + (random() * full) / 2);
    },
    counts: () => ({ ...counts }),
  };
}
