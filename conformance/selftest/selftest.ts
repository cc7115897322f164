// The self-test (issue 5): runs the suite against the clean embedded mock (all
// must pass) and against each trial of planted faults (each must fail a check
// of its area at its level), prints the table trial → checks that caught it,
// and fails when any trial survives or any check was never seen failing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runConformance } from '../cli/run-conformance.ts';
import { findLeaks } from '../report/scrub.ts';
import type { Summary } from '../report/summary.ts';
import { judgeFault, renderSelftest, uncoveredChecks, type FaultVerdict } from './selftest-verdict.ts';
import { areaGrep, selftestTrials, type Trial } from './selftest-trials.ts';
import { DEPLOYMENT_VARS } from '../config/load-config.ts';

const REPORT_ROOT = process.env.BUCKETKIT_SELFTEST_DIR ?? 'reports/selftest';
const PARALLEL = Number(process.env.BUCKETKIT_SELFTEST_PARALLEL ?? 2);
const WORKERS = Number(process.env.BUCKETKIT_SELFTEST_WORKERS ?? 1);
// A regular expression on trial names, to rerun a few trials; such a run does not judge coverage.
const ONLY = process.env.BUCKETKIT_SELFTEST_ONLY ? new RegExp(process.env.BUCKETKIT_SELFTEST_ONLY) : undefined;
// Suite runs that are meant to fail must not leave a "*-results.json" for CI to count.
const RESULTS_FILE = 'playwright-report.json';
// Always the embedded mock, whatever deployment the environment points at.
const EMBEDDED_ENV = { ...process.env, ...Object.fromEntries(DEPLOYMENT_VARS.map((name) => [name, ''])) };

async function runTrial(fault: Trial): Promise<FaultVerdict> {
  const started = Date.now();
  const { summary, reportDir, redact } = await runConformance({
    faults: fault.faults,
    level: 'profile',
    readOnly: false,
    grep: fault.grep ?? areaGrep(fault.areas),
    reportDir: join(REPORT_ROOT, fault.name),
    resultsFile: RESULTS_FILE,
    workers: WORKERS,
    quiet: true,
    env: { ...EMBEDDED_ENV, BUCKETKIT_EXPECT_FAILURES: '1' },
  });
  const verdict = judgeFault(fault, summary, findLeaks(reportDir, redact), Date.now() - started);
  console.log(
    `${verdict.caught ? 'caught  ' : 'SURVIVED'} ${fault.name} (${fault.area}, ${fault.level}) in ${(verdict.durationMs / 1000).toFixed(1)} s`,
  );
  return verdict;
}

/** Runs `tasks` with at most `limit` at a time, keeping their order. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

async function main(): Promise<number> {
  const started = Date.now();
  mkdirSync(REPORT_ROOT, { recursive: true });
  const cleanRun = await runConformance({
    faults: [],
    level: 'profile',
    readOnly: false,
    reportDir: join(REPORT_ROOT, 'clean'),
    resultsFile: RESULTS_FILE,
    workers: 2,
    quiet: true,
    env: EMBEDDED_ENV,
  });
  const clean: Summary = cleanRun.summary;
  const cleanLeaks = findLeaks(cleanRun.reportDir, cleanRun.redact);
  const cleanOk =
    clean.totals.fail === 0 &&
    clean.totals.error === 0 &&
    clean.harnessProblems.length === 0 &&
    clean.totals.pass > 0 &&
    cleanLeaks.length === 0;
  const trials = selftestTrials().filter((t) => !ONLY || ONLY.test(t.name));
  const verdicts = await pool(
    trials.map((trial) => () => runTrial(trial)),
    PARALLEL,
  );
  const report = renderSelftest(clean, cleanOk, verdicts, Date.now() - started, cleanLeaks, !ONLY);
  console.log(report);
  writeFileSync(join(REPORT_ROOT, 'selftest.md'), report);
  const survived = verdicts.filter((v) => !v.caught).length;
  if (ONLY) {
    console.log(`BUCKETKIT_SELFTEST_ONLY ran ${trials.length} trials; coverage is judged only over all of them. No results file written.`);
    return survived === 0 && cleanOk ? 0 : 1;
  }
  const covered = uncoveredChecks(clean, verdicts).length === 0;
  // One result per trial, one for the clean run, one for "every check shown failing".
  const passed = verdicts.length - survived + (cleanOk ? 1 : 0) + (covered ? 1 : 0);
  writeFileSync(
    'reports/selftest-results.json',
    JSON.stringify({ numPassedTests: passed, numFailedTests: verdicts.length + 2 - passed, numPendingTests: 0 }),
  );
  return survived === 0 && cleanOk && covered ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`selftest: ${error.stack ?? error.message}`);
    process.exit(3);
  },
);
