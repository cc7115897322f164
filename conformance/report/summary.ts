// Builds the run's summary (summary.json): per-area and per-route counts and
// every check's id, level, status and reason, failures with a curl command;
// the run's verdict and exit code, and the merge of a complete shard set.
import type { VariantStats } from '../operators/axis-counts.ts';
import { AREAS, type Area, type Level } from '../config/config-types.ts';
import type { CheckFailureText, CheckStatus, KeyFinding } from './outcome.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';
import { verdictWithBaseline, type AppliedBaseline } from './baseline.ts';
import type { AuthorizationMatrix } from './authorization-matrix.ts';
import type { TransientCounts } from '../http/transport/transport-types.ts';
import type { ListingShape } from '../listing/shape-book.ts';
import { buildOrder, waitingOnUnbuilt } from './build-order.ts';

export { STATUSES, type CheckStatus } from './outcome.ts';

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
  /** Requests the check sent itself. */
  requests?: number;
  /** A failing KEY check: each route, scope and bucket where its key did not behave as declared. */
  keyFindings?: KeyFinding[];
}

export type Counts = Record<CheckStatus, number>;

/** The run's verdict as summary.json carries it: the console's last line, `<name> (exit <exitCode>): <reason>`. */
export interface SummaryVerdict {
  name: Verdict['label'];
  exitCode: Verdict['exitCode'];
  reason: string;
}

export interface Summary {
  /**
   * The verdict, as the run's last console line gives it (the baseline applied). Set as the reports are written
   * (writeReports), from the summary as written: a summary read back is judged again, never by this field.
   */
  verdict?: SummaryVerdict;
  runId: string;
  baseUrl: string;
  level: Level;
  readOnly: boolean;
  /** Routes not built yet do not fail the run (--allow-unbuilt): only a broken rule, or a run that could not judge, does. */
  allowUnbuilt?: true;
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
  /** How the run went: wall time, and what the client sent and met. */
  stats?: RunStats;
  /** The baseline of known failures the run was judged against (--baseline), when it was. */
  baseline?: AppliedBaseline;
  /** Every route × key × bucket: the answer expected, the statuses the run met, the verdict (none when no check ran). */
  matrix?: AuthorizationMatrix;
  /**
   * What the run's served proofs showed of each route it proved (a shard proves the routes its checks rest on):
   * served, or not served and why. A merge refuses shards that disagree on a route.
   */
  routeProofs?: Record<string, { served: true; broken?: string } | { served: false; why: string }>;
  /** A user's own Playwright tests run under the kit's fixtures: how each ended (an exchange that broke a rule fails it). */
  userTests?: UserTest[];
}

/** A user's own Playwright test run under the kit's fixtures, as it ended. */
export interface UserTest {
  title: string;
  file: string;
  status: 'passed' | 'failed' | 'skipped';
  /** The start of its error: the assertion, or the rule an exchange broke with the exchange and its curl line. */
  error?: string;
}

/** What a run sent and met, from its client. */
export interface RunStats {
  durationMs: number;
  /** HTTP requests sent, retries included. */
  requests?: number;
  /** Answers 429 (or 503 with Retry-After) met, and how long the run waited them out. */
  rateLimited?: number;
  waitedMs?: number;
  /** Transient failures met (502, 503 or 504 without Retry-After, a lost connection): resent, reproduced, or not resent (a write). */
  transient?: TransientCounts;
  /** Requests in flight at most, and the limit. */
  maxInFlight?: number;
  concurrency?: number;
  /** Traffic sent only for the rules judged over every exchange: tasks sent, not sent (no key fits), and problems. */
  traffic?: { sent: number; notSent: number; problems: string[] };
  /** How each listing route answered, by route: where its items were and how it paged (learned as the run read it). */
  listingShapes?: Record<string, ListingShape>;
  /** The operator variants: the budget, and per axis how many were planned, sent, and broke a rule. */
  variants?: VariantStats;
}

/** The transient failures a run met, in words: how many were resent, reproduced, or not resent. */
export function transientText(t: TransientCounts): string {
  return `${t.met} transient failure(s) met (502, 503 or 504 without Retry-After, or a lost connection): ${t.resent} resent, ${t.reproduced} reproduced on the last attempt, ${t.notResent} not resent (writes not safe to send again)`;
}

const zero = (): Counts => ({ pass: 0, fail: 0, skip: 0, disabled: 0, error: 0, unserved: 0, unbuilt: 0 });

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
  // The matrix last: summary.json is read from the top, and the matrix is its longest part.
  const { matrix, ...rest } = base;
  return { ...rest, finishedAt: new Date().toISOString(), totals, areas, routes, uncoveredRoutes, ...(matrix ? { matrix } : {}) };
}

export interface Verdict {
  /**
   * 0 passed, 1 a check failed (a rule is broken), 2 incomplete or nothing verified, 3 the base URL or the keys are
   * wrong, 4 nothing is broken but routes the seed lists are not built yet (0 with --allow-unbuilt).
   */
  exitCode: 0 | 1 | 2 | 3 | 4;
  label: 'PASSED' | 'FAILED' | 'INCOMPLETE' | 'NO RESULTS' | 'WRONG BASE URL OR KEYS' | 'NOT BUILT YET';
  /** One line saying why. */
  reason: string;
}

const checks = (n: number) => `${n} check${n === 1 ? '' : 's'}`;

/** The most common reason among the checks that could not run, shortened, for the verdict line. */
function mainReason(summary: Summary): string {
  const counts = new Map<string, number>();
  const waiting = new Set(waitingOnUnbuilt(summary));
  for (const c of summary.checks)
    if (c.status === 'error' && !waiting.has(c)) counts.set(c.reason ?? '', (counts.get(c.reason ?? '') ?? 0) + 1);
  const [reason] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [''];
  const short = reason.replace(/^(not run|harness error): /, '').replace(/\s+/g, ' ');
  return short.length > 160 ? `${short.slice(0, 160)}…` : short;
}

/** "3 routes not built yet (next to build: POST …)": the routes whose served check found them not there. */
function notBuiltText(summary: Summary): string {
  const order = buildOrder(summary);
  const n = order.length;
  const waiting = waitingOnUnbuilt(summary).length;
  return `${n} route${n === 1 ? '' : 's'} not built yet${order[0] ? ` (next to build: ${order[0].route})` : ''}${waiting ? `, ${checks(waiting)} waiting on them` : ''}`;
}

/** "N checks could not run (why)" and "N not served (routes)", the parts of a verdict line about what was not verified. */
function unverified(summary: Summary): string[] {
  const t = summary.totals;
  const unservedRoutes = new Set(summary.checks.filter((c) => c.status === 'unserved').map((c) => c.route ?? ''));
  const waiting = waitingOnUnbuilt(summary).length;
  return [
    t.unbuilt ? notBuiltText(summary) : '',
    t.error > waiting ? `${checks(t.error - waiting)} could not run (${mainReason(summary) || 'no reason recorded'})` : '',
    t.unserved
      ? `${checks(t.unserved)} not served (${unservedRoutes.size} route${unservedRoutes.size === 1 ? '' : 's'} the deployment does not serve)`
      : '',
    summary.harnessProblems.length
      ? `${summary.harnessProblems.length} harness problem(s): ${summary.harnessProblems[0].split('\n')[0]}`
      : '',
  ].filter(Boolean);
}

/**
 * The verdict of a run: wrong base URL or keys first; then any failing check makes it FAILED, whatever else could
 * not run; then a run cut short (unreachable, stopped answering) or with checks that could not run is INCOMPLETE;
 * a run that verified nothing has NO RESULTS.
 */
export function verdictOf(summary: Summary): Verdict {
  const verdict = kitVerdictOf(summary);
  return summary.baseline ? verdictWithBaseline(verdict, summary, summary.baseline) : verdict;
}

/** The verdict as summary.json carries it (field `verdict`). */
export function summaryVerdictOf(summary: Summary): SummaryVerdict {
  const { label, exitCode, reason } = verdictOf(summary);
  return { name: label, exitCode, reason };
}

/** The verdict without a baseline. */
function kitVerdictOf(summary: Summary): Verdict {
  const t = summary.totals;
  const others = [t.fail && `${t.fail} failed`, t.pass && `${t.pass} passed`].filter(Boolean).join(', ');
  const rest = unverified(summary);
  if (summary.incomplete?.exitCode === 3) {
    return { exitCode: 3, label: 'WRONG BASE URL OR KEYS', reason: `${summary.incomplete.reason}; ${checks(t.error)} could not run.` };
  }
  const users = summary.userTests ?? [];
  const usersFailed = users.filter((u) => u.status === 'failed').length;
  const usersPassed = users.filter((u) => u.status === 'passed').length;
  if (t.fail > 0 || usersFailed > 0) {
    const cut = summary.incomplete ? `; the run was cut short: ${summary.incomplete.reason}` : '';
    const failed = [t.fail && `${checks(t.fail)} failed`, usersFailed && `${usersFailed} of your own tests failed`]
      .filter(Boolean)
      .join(', ');
    return { exitCode: 1, label: 'FAILED', reason: `${failed}${rest.map((p) => `; ${p}`).join('')}${cut}.` };
  }
  if (summary.incomplete) {
    return {
      exitCode: 2,
      label: 'INCOMPLETE',
      reason: `${summary.incomplete.reason}; ${checks(t.error)} could not run${others ? ` (${others})` : ''}.`,
    };
  }
  // Checks waiting on a route not built yet are the half-built server's state, not a run that could not judge.
  if (t.error > waitingOnUnbuilt(summary).length || summary.harnessProblems.length > 0) {
    return {
      exitCode: 2,
      label: 'INCOMPLETE',
      reason: `${rest.join('; ')}: the run gives no verdict on those${t.pass ? ` (${t.pass} passed)` : ''}.`,
    };
  }
  // Nothing is broken, and routes the seed lists are missing: a half-built server's answer, not a security bug's.
  if (t.unbuilt > 0 && !summary.allowUnbuilt)
    return { exitCode: 4, label: 'NOT BUILT YET', reason: `${rest.join('; ')}; ${checks(t.pass)} passed, none failed.` };
  // Skipped, disabled and unserved checks verify nothing: a run of only those must not read as a pass.
  if (t.pass === 0 && usersPassed > 0) {
    return { exitCode: 0, label: 'PASSED', reason: `${usersPassed} of your own tests passed, none failed (no check of the kit ran).` };
  }
  if (t.pass === 0) {
    return {
      exitCode: 2,
      label: 'NO RESULTS',
      reason: `no check ran (0 passed, 0 failed, ${t.skip} skipped, ${t.disabled} disabled, ${t.unserved} not served): nothing was verified; check --grep, --level, --shard and the keys.`,
    };
  }
  const aside = [t.skip && `${t.skip} skipped`, t.unserved && `${t.unserved} not served`, t.unbuilt && notBuiltText(summary)]
    .filter(Boolean)
    .join(', ');
  return { exitCode: 0, label: 'PASSED', reason: `${checks(t.pass)} passed, none failed${aside ? ` (${aside})` : ''}.` };
}

/** The exit code of a run: 0 only when checks ran, none failed and the harness worked. */
export function exitCodeOf(summary: Summary): number {
  return verdictOf(summary).exitCode;
}
