// How many variant requests a run may send: the rate the deployment accepts
// times the time the run gives its variant traffic. The rate is the lowest of
// the published limit (--max-rps) and the rate it was seen to accept; with
// neither known, a cautious default. Printed with the plan, so a reader sees
// why an axis was trimmed.
import { AXES } from './operator-types.ts';

/** The rate assumed when the deployment's is unknown: below the limits common API gateways set per key. */
export const DEFAULT_RPS = 5;

export interface BudgetInput {
  /** The deployment's published limit in requests a second (--max-rps), if any. */
  maxRps?: number;
  /** The rate it was seen to accept (answers without 429 per second so far), if measured. */
  observedRps?: number;
  /** The time the run gives variant traffic, in ms. */
  timeBudgetMs: number;
}

export interface Budget {
  /** Variant requests the run may send in all (at least one per axis). */
  requests: number;
  rps: number;
  timeBudgetMs: number;
  /** Where the rate came from, in words. */
  basis: string;
}

const positive = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0;

/**
 * The budget: floor(rate × time), the rate being min(maxRps, observedRps) of those given, else DEFAULT_RPS; never
 * fewer requests than axes. A 429 met on the way is waited out by the transport, not counted against it.
 */
export function budgetFor(input: BudgetInput): Budget {
  if (!positive(input.timeBudgetMs)) throw new TypeError(`timeBudgetMs must be a positive number of ms, not ${input.timeBudgetMs}`);
  for (const name of ['maxRps', 'observedRps'] as const) {
    if (input[name] !== undefined && !positive(input[name])) throw new TypeError(`${name} must be a positive number, not ${input[name]}`);
  }
  const known: [number, string][] = [];
  if (positive(input.maxRps)) known.push([input.maxRps, 'the published limit (--max-rps)']);
  if (positive(input.observedRps)) known.push([input.observedRps, 'the rate the deployment was seen to accept']);
  const [rps, basis] = known.sort((a, b) => a[0] - b[0])[0] ?? [DEFAULT_RPS, 'the default (no limit known)'];
  const requests = Math.max(AXES.length, Math.floor((rps * input.timeBudgetMs) / 1000));
  return { requests, rps, timeBudgetMs: input.timeBudgetMs, basis };
}

/** One line: "variant budget: 600 requests = 5 req/s (the published limit (--max-rps)) × 120 s". */
export function describeBudget(budget: Budget): string {
  return `variant budget: ${budget.requests} requests = ${budget.rps} req/s (${budget.basis}) × ${budget.timeBudgetMs / 1000} s`;
}
