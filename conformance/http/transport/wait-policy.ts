// Decides what a rate-limited answer costs: how long to wait before the next
// attempt, or which of the client's limits ends the waiting.
import type { RateLimitCap } from './transport-errors.ts';
import type { RetryLimits } from './transport-types.ts';

// A 429 without Retry-After: wait 1 s, then 2, 4, 8… (capped by maxWaitMs).
const FIRST_BACKOFF_MS = 1000;

/** What to do after a rate-limited answer: wait this long, or give up at a cap. */
export type WaitPlan = { waitMs: number } | { cap: RateLimitCap; limit: number };

/** The waiting rules of one transport; the run budget is shared by all its requests. */
export interface WaitPolicy {
  /**
   * The wait before the next attempt, or the cap that ends the waiting.
   * `attempts`: attempts made so far; `limitedCount`: rate-limited answers this request has had.
   */
  next(askedMs: number | undefined, attempts: number, limitedCount: number): WaitPlan;
  /** Wall-clock time covered by the waits granted so far, in ms (concurrent waits count once). */
  spentMs(): number;
}

/** The policy for the given limits. */
export function waitPolicy(limits: RetryLimits): WaitPolicy {
  let spent = 0;
  let coveredUntil = 0;
  return {
    next(askedMs, attempts, limitedCount) {
      if (attempts >= limits.maxAttempts) return { cap: 'maxAttempts', limit: limits.maxAttempts };
      if (askedMs !== undefined && askedMs > limits.maxWaitMs) return { cap: 'maxWaitMs', limit: limits.maxWaitMs };
      const waitMs = askedMs ?? Math.min(limits.maxWaitMs, FIRST_BACKOFF_MS * 2 ** (limitedCount - 1));
      // The budget is wall-clock time: eight requests waiting out the same second cost one second.
      const t = performance.now();
      const added = Math.max(0, t + waitMs - Math.max(t, coveredUntil));
      if (spent + added > limits.runBudgetMs) return { cap: 'runBudget', limit: limits.runBudgetMs };
      spent += added;
      coveredUntil = Math.max(coveredUntil, t + waitMs);
      return { waitMs };
    },
    spentMs: () => spent,
  };
}
