// Test support: a check as a summary records it, with plain defaults, for the
// summary, verdict and merge tests.
import type { SummaryCheck } from '../../report/summary.ts';

/** A check `id` of area auth, level core, on GET /a, with the given status (and any field overridden). */
export function summaryCheck(id: string, status: SummaryCheck['status'], over: Partial<SummaryCheck> = {}): SummaryCheck {
  return { id, title: `${id} works`, area: 'auth', level: 'core', route: 'GET /a', status, ...over };
}
