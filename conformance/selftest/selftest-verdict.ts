// Judges one planted-fault run (caught only by a failing check of the fault's
// area at the fault's level) and renders the self-test's table.
import type { Summary } from '../report/summary.ts';
import { failedIn, REFRESH_COMMAND } from './selftest-plan.ts';

export interface FaultLike {
  name: string;
  area: string;
  level: 'core' | 'profile';
}

/** A check of the clean run that no trial made fail. */
export interface UncoveredCheck {
  id: string;
  area: string;
  level: string;
}

export interface FaultVerdict {
  fault: FaultLike;
  caught: boolean;
  /** Failing checks of the fault's area and level. */
  caughtBy: string[];
  /** Other failing checks (other areas or levels), for information. */
  alsoFailed: string[];
  /** Report files holding a key byte (must be none). */
  leaks: string[];
  durationMs: number;
  /** Why the trial's run could not complete, when it could not (a survivor may owe it to that). */
  incomplete?: string;
}

/** A fault is caught when a check of its area, at its level, failed (a harness error does not count). */
export function judgeFault(fault: FaultLike, summary: Summary, leaks: string[], durationMs: number): FaultVerdict {
  const failed = failedIn(summary);
  const caughtBy = failed.filter((c) => c.area === fault.area && c.level === fault.level).map((c) => c.id);
  return {
    fault,
    caught: caughtBy.length > 0 && leaks.length === 0,
    caughtBy,
    alsoFailed: failed.filter((c) => !caughtBy.includes(c.id)).map((c) => c.id),
    leaks,
    incomplete: summary.incomplete?.reason,
    durationMs,
  };
}

/** The clean run's checks that failed in no trial: each is a check nobody has seen fail. */
export function uncoveredChecks(clean: Summary, verdicts: FaultVerdict[]): UncoveredCheck[] {
  const failed = new Set(verdicts.flatMap((v) => [...v.caughtBy, ...v.alsoFailed]));
  return clean.checks.filter((c) => c.status === 'pass' && !failed.has(c.id)).map((c) => ({ id: c.id, area: c.area, level: c.level }));
}

/** Per area: how many of the clean run's checks some trial made fail. */
function coverageRows(clean: Summary, uncovered: UncoveredCheck[]): string[] {
  const areas = [...new Set(clean.checks.map((c) => c.area))];
  return areas.map((area) => {
    const total = clean.checks.filter((c) => c.area === area && c.status === 'pass').length;
    const missing = uncovered.filter((u) => u.area === area).length;
    return `| ${area} | ${total} | ${total - missing} | ${
      missing
        ? uncovered
            .filter((u) => u.area === area)
            .map((u) => u.id)
            .join(', ')
        : '-'
    } |`;
  });
}

/** The coverage section: per area, then the total. */
function coverage(clean: Summary, uncovered: UncoveredCheck[], durationMs: number): string[] {
  return [
    '## Every check shown failing',
    '',
    'A check counts as shown failing when it failed in at least one trial (it passed on the clean mock).',
    '',
    '| area | checks | shown failing | never failed |',
    '|---|---|---|---|',
    ...coverageRows(clean, uncovered),
    '',
    `${clean.checks.filter((c) => c.status === 'pass').length - uncovered.length}/${clean.checks.filter((c) => c.status === 'pass').length} checks shown failing; self-test took ${(durationMs / 1000).toFixed(1)} s.`,
  ];
}

/** How the trials were run: every check of their areas, or the plan's checks (with what made the plan stale). */
export type TrialMode = { kind: 'full'; planNote?: string } | { kind: 'plan'; problems: string[] };

export interface SelftestReport {
  clean: Summary;
  cleanOk: boolean;
  verdicts: FaultVerdict[];
  durationMs: number;
  cleanLeaks?: string[];
  /** False when only some trials ran (BUCKETKIT_SELFTEST_ONLY). */
  judgeCoverage?: boolean;
  mode: TrialMode;
}

const HOW: Record<TrialMode['kind'], string> = {
  full: 'Each trial plants its fault (or combination) in the embedded mock and runs every check of its areas, core and profile; it is caught only when a check of its area fails at its level. Every report is scanned for key bytes.',
  plan: `Each trial plants its fault (or combination) in the embedded mock and runs the checks the plan gives it (\`selftest/selftest-plan.json\`, written by \`${REFRESH_COMMAND}\`, which runs every check of each trial's areas): each must fail here, and one at least is of the trial's area at its level. It is caught only when a check of its area fails at its level in this run. Every report is scanned for key bytes.`,
};

function planSection(mode: TrialMode): string[] {
  if (mode.kind === 'full') return mode.planNote ? ['## The plan', '', mode.planNote, ''] : [];
  if (mode.problems.length === 0) return ['## The plan', '', 'The plan held: every planned check failed in its trial.', ''];
  return [
    '## The plan',
    '',
    `The plan is stale; \`${REFRESH_COMMAND}\` runs every check of every trial and rewrites it:`,
    '',
    ...mode.problems.map((p) => `- ${p}`),
    '',
  ];
}

/** The self-test report: the clean run, one row per trial, the plan, then check coverage. */
export function renderSelftest({
  clean,
  cleanOk,
  verdicts,
  durationMs,
  cleanLeaks = [],
  judgeCoverage = true,
  mode,
}: SelftestReport): string {
  const uncovered = uncoveredChecks(clean, verdicts);
  const t = clean.totals;
  const lines = [
    '# bucketkit conformance self-test',
    '',
    `Clean mock: ${cleanOk ? 'PASS' : 'FAIL'} (${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.error} could not run)${
      clean.incomplete ? `; incomplete: ${clean.incomplete.reason}` : ''
    }${clean.harnessProblems.length ? `; harness problems: ${clean.harnessProblems.join(' ')}` : ''}${
      cleanLeaks.length ? `; KEY LEAKED in ${cleanLeaks.join(', ')}` : ''
    }.`,
    '',
    HOW[mode.kind],
    '',
    '| trial | area | level | verdict | caught by |',
    '|---|---|---|---|---|',
    ...verdicts.map((v) => {
      const shown = v.caughtBy.slice(0, 4).join(', ') + (v.caughtBy.length > 4 ? ` (+${v.caughtBy.length - 4} more)` : '');
      const verdict = v.leaks.length ? `KEY LEAKED in ${v.leaks.join(', ')}` : v.caught ? 'caught' : 'SURVIVED';
      const why = !v.caught && v.incomplete ? ` (the run was incomplete: ${v.incomplete.replace(/\|/g, '\\|')})` : '';
      return `| ${v.fault.name} | ${v.fault.area} | ${v.fault.level} | ${verdict} | ${shown || '-'}${why} |`;
    }),
    '',
    `${verdicts.filter((v) => v.caught).length}/${verdicts.length} trials caught.`,
    '',
    ...planSection(mode),
    ...(judgeCoverage
      ? coverage(clean, uncovered, durationMs)
      : [`Coverage not judged: only some trials ran (${(durationMs / 1000).toFixed(1)} s).`]),
  ];
  return `${lines.join('\n')}\n`;
}
