// Learns G16: the largest `limit` a listing accepts. The probe asks the file
// listing of the run's own prefix (an empty page, whatever the limit) for the
// gap register's 1000 and one more; where a refusal names its maximum in
// words, that number and one more; otherwise it bisects. The learner reads
// every such exchange of the run from its log.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import { OVERRIDE_DEFAULTS, type RunSettings } from '../config/config-types.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import type { Learned } from './observation.ts';

/** A listing's answer to one `limit`: served (2xx) or refused as bad input (400, 422). */
export interface LimitAnswer {
  limit: number;
  accepted: boolean;
  /** The answer's status and text (a refusal may name the maximum). */
  status: number;
  text: string;
}

/** The most `overrides.maxPageSize` takes: a listing served above it has no maximum the suite can state. */
export const PAGE_SIZE_CEILING = 100_000;
/** Requests the probe sends at most: enough to bisect 2..1000 or to climb to the ceiling. */
export const MAX_LIMIT_PROBES = 24;

/** The answer to a `limit`, or undefined for a status that is neither served nor refused as bad input. */
export function limitAnswer(limit: number, status: number, text: string): LimitAnswer | undefined {
  if (isSuccess(status)) return { limit, accepted: true, status, text };
  if (status === 400 || status === 422) return { limit, accepted: false, status, text };
  return undefined;
}

/** The highest limit served and the lowest refused (a page of 1 counts as served). */
function bounds(answers: LimitAnswer[]): { lo: number; hi?: number } {
  const refused = answers.filter((a) => !a.accepted).map((a) => a.limit);
  return {
    lo: Math.max(1, ...answers.filter((a) => a.accepted).map((a) => a.limit)),
    hi: refused.length ? Math.min(...refused) : undefined,
  };
}

/** The numbers a refusal names, but its own status (a problem body repeats it) and the limit it refused. */
const numbersIn = (a: LimitAnswer): number[] =>
  [...a.text.matchAll(/\d{1,6}/g)]
    .map((m) => Number(m[0]))
    .filter((n) => n >= 2 && n <= PAGE_SIZE_CEILING && n !== a.status && n !== a.limit);

/** The next limit to ask for, or undefined once the bound is pinned (or the listing is served past the ceiling). */
export function nextLimitToTry(answers: LimitAnswer[]): number | undefined {
  const { lo, hi } = bounds(answers);
  if ((hi !== undefined && hi <= lo + 1) || lo > PAGE_SIZE_CEILING) return undefined;
  const tried = new Set(answers.map((a) => a.limit));
  const fits = (n: number) => n > lo && (hi === undefined || n < hi) && !tried.has(n);
  const gap = OVERRIDE_DEFAULTS.maxPageSize;
  const hints = [gap, gap + 1, ...answers.filter((a) => !a.accepted).flatMap((a) => numbersIn(a).flatMap((n) => [n, n + 1]))];
  const hint = hints.find(fits);
  if (hint !== undefined) return hint;
  if (hi === undefined) return lo >= PAGE_SIZE_CEILING ? PAGE_SIZE_CEILING + 1 : Math.min(lo * 10, PAGE_SIZE_CEILING);
  return Math.floor((lo + hi) / 2);
}

/** The answer of a logged exchange when it is the probe's kind of request: the run's own file listing with only `limit`. */
function answerOf(view: ExchangeView, settings: RunSettings): LimitAnswer | undefined {
  const { entry } = view;
  const query = entry.request.query ?? {};
  const names = Object.keys(query).sort().join(',');
  if (entry.intent || entry.auth.kind !== 'key' || entry.request.method !== 'GET' || view.operations[0] !== 'listFiles') return undefined;
  if (view.params.bucketId !== settings.buckets.allowed || names !== 'limit,prefix' || query.prefix !== settings.runPrefix)
    return undefined;
  return /^\d{1,9}$/.test(query.limit) ? limitAnswer(Number(query.limit), entry.status, entry.text) : undefined;
}

/** The largest limit served when one more is refused; `unbounded` when served past the ceiling. */
export function learnMaxPageSize(views: ExchangeView[], settings: RunSettings): Learned<number | 'unbounded'> {
  const answers = views.flatMap((v) => answerOf(v, settings) ?? []);
  if (answers.length === 0) return { why: 'no listing of the run asked for a limit' };
  const { lo, hi } = bounds(answers);
  const asked = `limit=${[...new Set(answers.map((a) => `${a.limit}${a.accepted ? ' served' : ' refused'}`))].join(', ')}`;
  if (hi === undefined && lo > PAGE_SIZE_CEILING) return { value: 'unbounded', evidence: asked };
  if (hi === undefined || hi !== lo + 1) return { why: `the bound was not pinned (${asked})` };
  if (lo < 2) return { why: `every limit asked was refused (${asked})` };
  return { value: lo, evidence: asked };
}
