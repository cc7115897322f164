// Builds the run's summary (summary.json): per-area and per-route counts and
// every check's id, level, status and reason, failures with a curl command;
// the run's verdict and exit code, and the merge of a complete shard set.
import { AREAS, type Area, type Level } from '../config/config-types.ts';
import type { CheckFailureText, CheckStatus } from '../runtime/check-annotations.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';

export type { CheckStatus } from '../runtime/check-annotations.ts';
export const STATUSES: CheckStatus[] = ['pass', 'fail', 'skip', 'disabled', 'error'];

export interface SummaryCheck {
  id: string;
  title: string;
  area: Area;
  level: Level;
  route?: string;
  status: CheckStatus;
  reason?: string;
  failure?: CheckFailureText;
  durationMs?: number;
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
  /** Problems of the harness itself (no results, a crash, a key found in an artifact). */
  harnessProblems: string[];
  /** Why the run could not check everything it planned (the preflight, the set-up, a deployment that stopped answering). */
  incomplete?: { exitCode: 2 | 3; reason: string };
  /** How the run went: wall time and how many Playwright worker processes it started. */
  stats?: { durationMs: number; workersStarted: number };
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
  /** 0 passed, 1 a check failed, 2 incomplete or nothing verified, 3 the base URL or the keys are wrong. */
  exitCode: 0 | 1 | 2 | 3;
  label: 'PASSED' | 'FAILED' | 'INCOMPLETE' | 'NO RESULTS' | 'WRONG BASE URL OR KEYS';
  /** One line saying why. */
  reason: string;
}

const checks = (n: number) => `${n} check${n === 1 ? '' : 's'}`;

/** The most common reason among the checks that could not run, shortened, for the verdict line. */
function mainReason(summary: Summary): string {
  const counts = new Map<string, number>();
  for (const c of summary.checks) if (c.status === 'error') counts.set(c.reason ?? '', (counts.get(c.reason ?? '') ?? 0) + 1);
  const [reason] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [''];
  const short = reason.replace(/^(not run|harness error): /, '').replace(/\s+/g, ' ');
  return short.length > 160 ? `${short.slice(0, 160)}…` : short;
}

/** The verdict of a run: a run that could not complete first, then failures, then harness problems, then a run that verified nothing. */
export function verdictOf(summary: Summary): Verdict {
  const t = summary.totals;
  const others = [t.fail && `${t.fail} failed`, t.pass && `${t.pass} passed`].filter(Boolean).join(', ');
  if (summary.incomplete) {
    const { exitCode, reason } = summary.incomplete;
    return {
      exitCode,
      label: exitCode === 3 ? 'WRONG BASE URL OR KEYS' : 'INCOMPLETE',
      reason: `${reason}; ${checks(t.error)} could not run${others ? ` (${others})` : ''}.`,
    };
  }
  const problems = summary.harnessProblems.length;
  const notRun = t.error ? `${checks(t.error)} could not run (${mainReason(summary) || 'no reason recorded'})` : '';
  const harness = problems ? `${problems} harness problem(s): ${summary.harnessProblems[0].split('\n')[0]}` : '';
  if (t.fail > 0) {
    return {
      exitCode: 1,
      label: 'FAILED',
      reason: `${checks(t.fail)} failed${[notRun, harness]
        .filter(Boolean)
        .map((p) => `; ${p}`)
        .join('')}.`,
    };
  }
  if (t.error > 0 || problems > 0) {
    return {
      exitCode: 2,
      label: 'INCOMPLETE',
      reason: `${[notRun, harness].filter(Boolean).join('; ')}: the run gives no verdict${t.pass ? ` (${t.pass} passed)` : ''}.`,
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
  return { exitCode: 0, label: 'PASSED', reason: `${checks(t.pass)} passed, none failed${t.skip ? ` (${t.skip} skipped)` : ''}.` };
}

/** The exit code of a run: 0 only when checks ran, none failed and the harness worked. */
export function exitCodeOf(summary: Summary): number {
  return verdictOf(summary).exitCode;
}
