// Builds the run's summary (summary.json): per-area and per-route counts and
// every check's id, level, status and reason, failures with a curl command;
// the run's verdict and exit code, and the merge of a complete shard set.
import { AREAS, type Area, type Level } from '../config/config-types.ts';
import type { CheckRecord } from '../runtime/run-files.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';

export type CheckStatus = CheckRecord['status'];
export const STATUSES: CheckStatus[] = ['pass', 'fail', 'skip', 'disabled', 'error'];

export interface SummaryCheck {
  id: string;
  title: string;
  area: Area;
  level: Level;
  route?: string;
  status: CheckStatus;
  reason?: string;
  failure?: CheckRecord['failure'];
}

export type Counts = Record<CheckStatus, number>;

export interface Summary {
  runId: string;
  baseUrl: string;
  level: Level;
  readOnly: boolean;
  shard?: string;
  /** The shards a merged summary was made from (i/n each). */
  mergedShards?: string[];
  finishedAt: string;
  totals: Counts;
  areas: Record<Area, Counts>;
  routes: Record<string, Counts & { areas: Area[] }>;
  /** Routes of the spec with no check that ran (passed or failed). */
  uncoveredRoutes: string[];
  checks: SummaryCheck[];
  cleanup?: CleanupReport;
  /** Problems of the harness itself (no results file, a crash). */
  harnessProblems: string[];
}

const zero = (): Counts => ({ pass: 0, fail: 0, skip: 0, disabled: 0, error: 0 });

/** Counts checks per status, per area and per route, and lists routes no check exercised. */
export function buildSummary(
  base: Omit<Summary, 'totals' | 'areas' | 'routes' | 'uncoveredRoutes' | 'finishedAt'>,
  allRoutes: string[],
): Summary {
  const totals = zero();
  const areas = Object.fromEntries(AREAS.map((a) => [a, zero()])) as Record<Area, Counts>;
  const routes: Summary['routes'] = Object.fromEntries(allRoutes.map((r) => [r, { ...zero(), areas: [] as Area[] }]));
  for (const check of base.checks) {
    totals[check.status]++;
    areas[check.area][check.status]++;
    if (check.route) {
      const entry = (routes[check.route] ??= { ...zero(), areas: [] });
      entry[check.status]++;
      if (!entry.areas.includes(check.area)) entry.areas.push(check.area);
    }
  }
  const uncoveredRoutes = allRoutes.filter((r) => routes[r].pass + routes[r].fail === 0);
  return { ...base, finishedAt: new Date().toISOString(), totals, areas, routes, uncoveredRoutes };
}

export interface Verdict {
  /** 0 passed, 1 a check failed, 2 incomplete or nothing verified. */
  exitCode: 0 | 1 | 2;
  label: 'PASSED' | 'FAILED' | 'INCOMPLETE (harness errors)' | 'NO RESULTS';
  /** One line saying why. */
  reason: string;
}

/** The verdict of a run: failures first, then harness problems, then a run that verified nothing. */
export function verdictOf(summary: Summary): Verdict {
  const t = summary.totals;
  if (t.fail > 0) return { exitCode: 1, label: 'FAILED', reason: `${t.fail} check(s) failed.` };
  const problems = summary.harnessProblems.length;
  if (t.error > 0 || problems > 0) {
    return {
      exitCode: 2,
      label: 'INCOMPLETE (harness errors)',
      reason: `${t.error} check(s) could not run and ${problems} harness problem(s): the run gives no verdict.`,
    };
  }
  // Skipped and disabled checks verify nothing: a run of only those must not read as a pass.
  if (t.pass === 0) {
    return {
      exitCode: 2,
      label: 'NO RESULTS',
      reason: `no check ran (0 passed, 0 failed, ${t.skip} skipped, ${t.disabled} disabled): nothing was verified; check --grep, --level, --shard and the keys.`,
    };
  }
  return { exitCode: 0, label: 'PASSED', reason: `${t.pass} check(s) passed, none failed${t.skip ? ` (${t.skip} skipped)` : ''}.` };
}

/** The exit code of a run: 0 only when checks ran, none failed and the harness worked. */
export function exitCodeOf(summary: Summary): number {
  return verdictOf(summary).exitCode;
}
