// A run judged against a baseline of known failures: which failures are new, which known ones still fail or are
// fixed, which entries expired or were not checked, and how that changes the verdict. Pure: no files, no clock.
import type { Baseline, KnownFailure } from './baseline-file.ts';

export { BaselineError, loadBaseline, parseBaseline, type Baseline, type KnownFailure } from './baseline-file.ts';

/** What applying a baseline needs of a run (a Summary has it). */
export interface BaselineRun {
  checks: readonly { id: string; title?: string; status: string; reason?: string }[];
  totals: { pass: number; fail: number; error: number };
  harnessProblems: readonly string[];
  /** Set when the run was cut short or could not start its checks. */
  incomplete?: unknown;
}

/** The run against the baseline, as summary.json keeps it (field `baseline`). */
export interface AppliedBaseline {
  /** The baseline file as given. */
  source: string;
  /** Failing now and not in the baseline, or in it with an entry that expired (`expiredOn`). */
  newFailures: { id: string; title?: string; expiredOn?: string }[];
  /** Failing now and in the baseline: the failures the run accepts, with why. */
  knownFailures: KnownFailure[];
  /** In the baseline and passing now: remove them from it. */
  fixed: KnownFailure[];
  /** Entries past their day: they count as not in the baseline. `status` is the check's in this run. */
  expired: (KnownFailure & { status: string })[];
  /** Entries whose check gave no verdict in this run (skipped, disabled, could not run, not served, not selected). */
  notChecked: (KnownFailure & { status: string; why?: string })[];
}

/** A verdict as the kit gives it (summary.ts `Verdict`). */
export interface BaselineVerdict {
  exitCode: number;
  label: string;
  reason: string;
}

/** The status named for a baseline entry whose check is not among the run's checks. */
export const NOT_SELECTED = 'not selected';

/** Whether an entry is past its day on `now` (it counts through the whole of its day, UTC). */
export function isExpired(entry: KnownFailure, now: Date): boolean {
  return entry.expires !== undefined && entry.expires < now.toISOString().slice(0, 10);
}

/** Sorts the run's checks against the baseline as it stands on `now`. */
export function applyBaseline(run: BaselineRun, baseline: Baseline, now: Date): AppliedBaseline {
  const entries = new Map(baseline.known.map((k) => [k.id, k]));
  const checks = new Map(run.checks.map((c) => [c.id, c]));
  const applied: AppliedBaseline = { source: baseline.source, newFailures: [], knownFailures: [], fixed: [], expired: [], notChecked: [] };
  for (const check of run.checks) {
    if (check.status !== 'fail') continue;
    const entry = entries.get(check.id);
    if (entry && !isExpired(entry, now)) applied.knownFailures.push(entry);
    else applied.newFailures.push({ id: check.id, title: check.title, ...(entry ? { expiredOn: entry.expires } : {}) });
  }
  for (const entry of baseline.known) {
    const check = checks.get(entry.id);
    const status = check?.status ?? NOT_SELECTED;
    if (isExpired(entry, now)) applied.expired.push({ ...entry, status });
    else if (status === 'pass') applied.fixed.push(entry);
    // A check that did not run proves nothing either way: never "fixed".
    else if (status !== 'fail') applied.notChecked.push({ ...entry, status, ...(check?.reason ? { why: check.reason } : {}) });
  }
  return applied;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What else the baseline says beyond the known failures: "1 fixed", "1 entry expired". */
function extras(applied: AppliedBaseline): string[] {
  return [
    applied.fixed.length ? `${applied.fixed.length} fixed` : '',
    applied.expired.length ? `${plural(applied.expired.length, 'entry', 'entries')} expired` : '',
  ].filter(Boolean);
}

/** The baseline's tally for a verdict line: "3 known failures in the baseline, 1 fixed, 1 entry expired". */
export function baselineTally(applied: AppliedBaseline): string {
  return [`${plural(applied.knownFailures.length, 'known failure')} in the baseline`, ...extras(applied)].join(', ');
}

/**
 * The verdict of a run judged against its baseline: exit 1 only for failures outside it. `verdict` is the kit's
 * verdict of the same run without a baseline (verdictOf); a verdict other than FAILED keeps its exit code and gets
 * the baseline's tally. A FAILED run whose every failure is known becomes INCOMPLETE (exit 2) when a check could not
 * run, a harness problem occurred or the run was cut short; NO RESULTS (exit 2) when no check passed; else PASSED.
 */
export function verdictWithBaseline<V extends BaselineVerdict>(verdict: V, run: BaselineRun, applied: AppliedBaseline): V {
  const tally = baselineTally(applied);
  const fresh = applied.newFailures.length;
  // The labels below are the kit's own Verdict labels; V is that type.
  const judged = (exitCode: number, label: string, reason: string) => ({ ...verdict, exitCode, label, reason }) as V;
  if (verdict.exitCode !== 1) {
    const failures = fresh || applied.knownFailures.length ? `${plural(fresh, 'new failure')}, ${tally}` : tally;
    return judged(verdict.exitCode, verdict.label, `${verdict.reason.replace(/\.$/, '')} (${failures}).`);
  }
  if (fresh > 0) return judged(1, 'FAILED', `${plural(fresh, 'new failure')} (${tally}); ${verdict.reason}`);
  if (run.incomplete || run.totals.error > 0 || run.harnessProblems.length > 0)
    return judged(2, 'INCOMPLETE', `no new failure (${tally}), but the run could not verify everything: ${verdict.reason}`);
  if (run.totals.pass === 0)
    return judged(2, 'NO RESULTS', `no check passed and every failure is known (${tally}): nothing new was verified.`);
  const rest = extras(applied).length ? ` (${extras(applied).join(', ')})` : '';
  return judged(
    0,
    'PASSED',
    `${plural(run.totals.pass, 'check')} passed with ${plural(applied.knownFailures.length, 'known failure')} in the baseline, none new${rest}.`,
  );
}
