// Builds the run's summary (summary.json): per-area and per-route counts and
// every check's id, level, status and reason, failures with a curl command.
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
export function buildSummary(base: Omit<Summary, 'totals' | 'areas' | 'routes' | 'uncoveredRoutes' | 'finishedAt'>, allRoutes: string[]): Summary {
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

/** The exit code of a run: 0 only when no check failed and the harness worked. */
export function exitCodeOf(summary: Summary): number {
  if (summary.totals.fail > 0) return 1;
  if (summary.totals.error > 0 || summary.harnessProblems.length > 0) return 2;
  return 0;
}

const RANK: Record<CheckStatus, number> = { fail: 4, error: 3, pass: 2, skip: 1, disabled: 0 };

/** Merges the summaries of shards: each check once (the most telling status wins), counts recomputed. */
export function mergeSummaries(parts: Summary[], allRoutes: string[]): Summary {
  if (parts.length === 0) throw new Error('Nothing to merge: give at least one summary.json.');
  const byId = new Map<string, SummaryCheck>();
  for (const part of parts) {
    for (const check of part.checks) {
      const seen = byId.get(check.id);
      if (!seen || RANK[check.status] > RANK[seen.status]) byId.set(check.id, check);
    }
  }
  const cleanups = parts.flatMap((p) => (p.cleanup ? [p.cleanup] : []));
  const cleanup = cleanups.length
    ? { removed: cleanups.reduce((n, c) => n + c.removed, 0), restored: cleanups.reduce((n, c) => n + c.restored, 0), kept: cleanups.flatMap((c) => c.kept), problems: cleanups.flatMap((c) => c.problems) }
    : undefined;
  return buildSummary(
    {
      runId: parts.map((p) => p.runId).join('+'),
      baseUrl: parts[0].baseUrl,
      level: parts[0].level,
      readOnly: parts.every((p) => p.readOnly),
      checks: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)),
      cleanup,
      harnessProblems: parts.flatMap((p) => p.harnessProblems),
    },
    allRoutes,
  );
}
