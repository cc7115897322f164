// The self-test: the engine checks many embedded mocks, one per trial: the
// clean mock (every check must pass) and each trial of planted faults (each
// must fail a check of its area at its level). By default each trial runs the
// checks the plan gives it, each of which must fail; `--full` runs every check
// of each trial's areas and rewrites the plan. It prints the table trial →
// checks that caught it, and fails when any trial survives, any check was
// never seen failing, the plan is stale, or any report holds a key.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedTokens } from '../embedded/embedded-keys.ts';
import type { Summary } from '../report/summary.ts';
import type { Run, RunOutcome } from './check-run.ts';
import { judgeFault, renderSelftest, uncoveredChecks, type FaultVerdict, type TrialMode } from './selftest-verdict.ts';
import { fullGrep, selftestTrials, type Trial } from './selftest-trials.ts';
import {
  choosePlan,
  idGrep,
  planProblems,
  trialProblems,
  readPlan,
  REFRESH_COMMAND,
  unheldClaims,
  unheldLines,
  writePlan,
  type Claims,
  type Plan,
} from './selftest-plan.ts';
import { TrialPool } from './trial-pool.ts';

/** A mistake in how the self-test was called: said without a stack. */
class UsageError extends Error {}

/** A positive whole number from the environment, or the default; anything else stops the self-test. */
function positive(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9][0-9]*$/.test(value)) throw new UsageError(`${name} must be a positive whole number, got "${value}".`);
  return Number(value);
}

const ROOT = resolve(process.env.BUCKETKIT_SELFTEST_DIR ?? 'reports/selftest');
// A regular expression on trial names, to rerun a few trials; such a run does not judge coverage.
const ONLY = process.env.BUCKETKIT_SELFTEST_ONLY ? new RegExp(process.env.BUCKETKIT_SELFTEST_ONLY) : undefined;
// Rounds of choosing a plan and checking it alone before --full gives up.
const PLAN_ROUNDS = 4;

const USAGE = `Usage: npm run selftest [-- --full]
  (default)  each trial runs the checks of selftest/selftest-plan.json, each of which must fail in it
  --full     each trial runs every check of its areas; when all is proven, the plan is chosen, checked and rewritten`;

function parseArgs(argv: string[]): { full: boolean } {
  const unknown = argv.filter((a) => a !== '--full');
  if (unknown.length) throw new UsageError(`Unknown argument ${unknown.join(' ')}.\n${USAGE}`);
  return { full: argv.includes('--full') };
}

const cleanPassed = (clean: RunOutcome): boolean =>
  clean.summary.totals.fail === 0 &&
  clean.summary.totals.error === 0 &&
  clean.summary.harnessProblems.length === 0 &&
  !clean.summary.incomplete &&
  clean.summary.totals.pass > 0 &&
  clean.leaks.length === 0;

/** Judges each trial's outcome and prints a line per trial. */
function judgeTrials(trials: Trial[], outcomes: RunOutcome[]): FaultVerdict[] {
  return trials.map((trial, i) => {
    const time = outcomes[i].summary.checks.reduce((n, c) => n + (c.durationMs ?? 0), 0);
    const verdict = judgeFault(trial, outcomes[i].summary, outcomes[i].leaks, time);
    console.log(
      `${verdict.caught ? 'caught  ' : 'SURVIVED'} ${trial.name} (${trial.area}, ${trial.level}) by ${verdict.caughtBy.length} check(s)`,
    );
    return verdict;
  });
}

/** The runs of the trials by the plan: each its planned checks, or its whole area where the plan says so or lacks it. */
const planRuns = (trials: Trial[], plan: Plan | undefined): Run[] =>
  trials.map((t) => {
    const ids = plan?.trials[t.name];
    return { name: t.name, faults: t.faults, grep: ids && !plan!.wholeArea.includes(t.name) ? idGrep(ids) : fullGrep(t) };
  });

/**
 * Chooses a plan from the full results and runs it: a claim that does not hold when its trial runs only the plan's
 * checks is set aside and the plan chosen again, its trial running its whole area when nothing else will do (as it
 * ran in the full run, so it is not run again). Returns the plan whose every claim held, or why there is none.
 */
async function proveNewPlan(pool: TrialPool, trials: Trial[], clean: Summary, full: RunOutcome[]): Promise<{ plan?: Plan; note: string }> {
  const results = trials.map((trial, i) => ({ trial, summary: full[i].summary }));
  const unheld: Claims = {};
  // The claims already shown with the plan's checks alone, by trial: a later round runs only the trials it changed.
  const shown = new Map<string, string>();
  for (let round = 1; round <= PLAN_ROUNDS; round++) {
    const plan = choosePlan(clean, results, readPlan(), unheld);
    const problems = planProblems(plan, trials, clean);
    if (problems.length) return { note: `The plan was not rewritten: ${problems.join('; ')}.` };
    const unshown = trials.filter((t) => !plan.wholeArea.includes(t.name) && shown.get(t.name) !== String(plan.trials[t.name]));
    // Beside the full run's reports, which selftest.md describes.
    const runs = planRuns(unshown, plan).map((run) => ({ ...run, dir: join('plan-check', run.name) }));
    console.log(`selftest: checking the chosen plan alone (round ${round}: ${runs.length} trials)`);
    const outcomes = await pool.check(runs);
    const missed = unheldClaims(plan, outcomes);
    for (const { name } of outcomes) if (!missed[name]) shown.set(name, String(plan.trials[name]));
    if (Object.keys(missed).length === 0) {
      const checks = Object.values(plan.trials).flat().length;
      const whole = plan.wholeArea.length ? `; ${plan.wholeArea.length} trial(s) run their whole area: ${plan.wholeArea.join(', ')}` : '';
      return {
        plan,
        note: `The plan was rewritten (selftest/selftest-plan.json: ${checks} checks over ${trials.length} trials${whole}), and each of its claims held with the plan's checks alone.`,
      };
    }
    console.log(`selftest: set aside ${unheldLines(missed).join('; ')}`);
    for (const [name, ids] of Object.entries(missed)) unheld[name] = [...(unheld[name] ?? []), ...ids];
  }
  return { note: `The plan was not rewritten: after ${PLAN_ROUNDS} rounds some claims still held only beside the rest of their area.` };
}

async function main(): Promise<number> {
  const { full } = parseArgs(process.argv.slice(2));
  // Worker processes and runs each checks at once: each run has its own mock in its worker. A --full run's
  // trials are whole areas, whose summaries and key scans take seconds of one process's event loop: a mock
  // beside them would not answer its own run in time, so each process there checks one run at a time.
  const workers = positive('BUCKETKIT_SELFTEST_WORKERS', full ? 2 * availableParallelism() : availableParallelism());
  const parallel = positive('BUCKETKIT_SELFTEST_PARALLEL', full ? 1 : 4);
  const started = Date.now();
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const trials: Trial[] = selftestTrials().filter((t) => !ONLY || ONLY.test(t.name));
  const plan = full ? undefined : readPlan();
  const trialRuns = planRuns(trials, plan);
  // The longest runs first (the clean one, then the whole areas and the trials with most checks), so no long one starts last.
  const whole = (name: string) => !plan?.trials[name] || plan.wholeArea.includes(name);
  const size = (run: Run) => (whole(run.name) ? Infinity : plan!.trials[run.name].length);
  const runs: Run[] = [{ name: 'clean', faults: [] }, ...[...trialRuns].sort((a, b) => size(b) - size(a))];
  // Every trial's mock gets the same keys, so the run redacts a handful of secrets, not one set per trial.
  const pool = new TrialPool(workers, parallel, embeddedTokens(), ROOT);
  try {
    console.log(
      `selftest: ${trials.length} trials and the clean mock (${full ? "every check of each trial's areas" : 'the checks of the plan'}), ${workers} processes of ${parallel} at a time`,
    );
    const checked = await pool.check(runs);
    const byName = new Map(checked.map((o) => [o.name, o]));
    const clean = byName.get('clean')!;
    const outcomes = trials.map((t) => byName.get(t.name)!);
    const cleanOk = cleanPassed(clean);
    const verdicts = judgeTrials(trials, outcomes);
    const survived = verdicts.filter((v) => !v.caught).length;
    const covered = !ONLY && uncoveredChecks(clean.summary, verdicts).length === 0;
    let mode: TrialMode;
    // A full run of every trial that proves everything must also leave a plan that holds.
    let planHeld = true;
    if (full) {
      let planNote = 'The plan is rewritten only by a full run of every trial that proves everything.';
      if (!ONLY && survived === 0 && cleanOk && covered) {
        const chosen = await proveNewPlan(pool, trials, clean.summary, outcomes);
        if (chosen.plan) writePlan(chosen.plan);
        planNote = chosen.note;
        planHeld = chosen.plan !== undefined;
      }
      mode = { kind: 'full', planNote };
    } else {
      // Only the whole run can show a check in no trial or a trial the plan names in vain.
      const stale = (ONLY ? trialProblems : planProblems)(plan, trials, clean.summary);
      const missed = plan ? unheldLines(unheldClaims(plan, outcomes)) : [];
      mode = { kind: 'plan', problems: [...stale, ...missed] };
      planHeld = mode.problems.length === 0;
    }
    const durationMs = Date.now() - started;
    const report = renderSelftest({
      clean: clean.summary,
      cleanOk,
      verdicts,
      durationMs,
      cleanLeaks: clean.leaks,
      judgeCoverage: !ONLY,
      mode,
    });
    console.log(report);
    writeFileSync(join(ROOT, 'selftest.md'), report);
    if (!planHeld && !full)
      console.log(`selftest: the plan is stale; refresh it with \`${REFRESH_COMMAND}\` (it runs every check of every trial).`);
    if (ONLY) {
      console.log(
        `BUCKETKIT_SELFTEST_ONLY ran ${trials.length} trials; coverage is judged only over all of them. No results file written.`,
      );
      return survived === 0 && cleanOk && planHeld ? 0 : 1;
    }
    // One result per trial, one for the clean run, one for "every check shown failing", one for "the plan held" (or, with --full, was written).
    const results = [...verdicts.map((v) => v.caught), cleanOk, covered, planHeld];
    const passed = results.filter(Boolean).length;
    writeFileSync(
      'reports/selftest-results.json',
      JSON.stringify({ numPassedTests: passed, numFailedTests: results.length - passed, numPendingTests: 0 }),
    );
    return survived === 0 && cleanOk && covered && planHeld ? 0 : 1;
  } finally {
    await pool.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`selftest: ${error instanceof UsageError ? error.message : (error.stack ?? error.message)}`);
    process.exit(3);
  },
);
