// One cell of the authorization matrix: the answer a key should get on a route
// in a bucket (who may call what: oracles/who-may-call.ts, the same answer the
// oracles judge by), what the run's exchanges showed, and whether the two agree.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import { denyCauses, type DenyCause, type RouteNeeds } from '../oracles/who-may-call.ts';

export type { DenyCause, RouteNeeds };

/** What the key should get: served, or refused. */
export type Expected = 'allow' | 'deny';

/**
 * How the observation compares with the expectation:
 * - `proved`: it agrees (a 2xx where allow is expected; only refusals where deny is);
 * - `broken`: a 2xx where deny is expected;
 * - `refused`: only refusals where allow is expected; a refusal may have another cause (an unknown file id, a busy
 *   bucket, a probe body), so the route's own checks judge it;
 * - `unserved`: only refusals on a route the run found not served;
 * - `unproved`: no exchange of the run went there.
 */
export type CellVerdict = 'proved' | 'broken' | 'refused' | 'unserved' | 'unproved';

export const CELL_VERDICTS: readonly CellVerdict[] = ['proved', 'broken', 'refused', 'unserved', 'unproved'];

/** Exchanges by status: every success as "2xx" (the seed states no success code), any other status as itself. */
export type Observed = Record<string, number>;

/** A key as the matrix reads it: its config name and what it declares. */
export interface MatrixKey {
  name: string;
  scopes: string[];
  /** null: every bucket. */
  bucketIds: string[] | null;
}

const SUCCESS = '2xx';

/** The expected answer for a key on a route (in `bucketId`, for a bucket route): who may call what decides. */
export function expectedAnswer(
  key: MatrixKey,
  route: RouteNeeds,
  bucketId: string | undefined,
): { expected: Expected; denyBecause?: DenyCause[] } {
  const causes = denyCauses(key, route, bucketId);
  return causes.length ? { expected: 'deny', denyBecause: causes } : { expected: 'allow' };
}

/** The key of a status in an observation. */
export const statusKey = (status: number): string => (isSuccess(status) ? SUCCESS : String(status));

/** Adds one exchange's status to an observation. */
export function observe(observed: Observed, status: number): void {
  const key = statusKey(status);
  observed[key] = (observed[key] ?? 0) + 1;
}

/** The verdict of a cell; `unserved` says the run found the route not served. */
export function cellVerdict(expected: Expected, observed: Observed, unserved = false): CellVerdict {
  const total = Object.values(observed).reduce((n, count) => n + count, 0);
  if (total === 0) return 'unproved';
  if ((observed[SUCCESS] ?? 0) > 0) return expected === 'allow' ? 'proved' : 'broken';
  if (expected === 'deny') return unserved ? 'unserved' : 'proved';
  return unserved ? 'unserved' : 'refused';
}

/** "2xx ×3, 403, 404 ×2": successes first, then the other statuses in order. */
export function observedText(observed: Observed): string {
  const order = (s: string) => (s === SUCCESS ? 0 : Number(s));
  return Object.keys(observed)
    .sort((a, b) => order(a) - order(b))
    .map((status) => (observed[status] > 1 ? `${status} ×${observed[status]}` : status))
    .join(', ');
}
