// The self-test (issue 5): runs the suite against the clean embedded mock (all
// must pass) and against each planted fault of the mock's catalog (each must
// fail a check of the fault's area at the fault's level), prints the table
// fault → checks that caught it, and fails when any fault survives.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAULT_CATALOG } from '../../mocks/faults/fault-catalog.ts';
import { runConformance } from '../cli/run-conformance.ts';
import { findLeaks } from '../report/scrub.ts';
import type { Summary } from '../report/summary.ts';
import { judgeFault, renderSelftest, type FaultVerdict } from './selftest-verdict.ts';

const REPORT_ROOT = process.env.BUCKETKIT_SELFTEST_DIR ?? 'reports/selftest';
const PARALLEL = Number(process.env.BUCKETKIT_SELFTEST_PARALLEL ?? 2);
const WORKERS = Number(process.env.BUCKETKIT_SELFTEST_WORKERS ?? 1);
// Suite runs that are meant to fail must not leave a "*-results.json" for CI to count.
const RESULTS_FILE = 'playwright-report.json';
// Always the embedded mock, whatever deployment the environment points at.
const EMBEDDED_ENV = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '' };

async function runFault(fault: (typeof FAULT_CATALOG)[number]): Promise<FaultVerdict> {
  const started = Date.now();
  const { summary, reportDir, redact } = await runConformance({
    faults: [fault.name],
    level: fault.level,
    readOnly: false,
    grep: `@${fault.area}`,
    reportDir: join(REPORT_ROOT, fault.name),
    resultsFile: RESULTS_FILE,
    workers: WORKERS,
    quiet: true,
    env: { ...EMBEDDED_ENV, BUCKETKIT_EXPECT_FAILURES: '1' },
  });
  const verdict = judgeFault(fault, summary, findLeaks(reportDir, redact), Date.now() - started);
  console.log(`${verdict.caught ? 'caught  ' : 'SURVIVED'} ${fault.name} (${fault.area}, ${fault.level}) in ${(verdict.durationMs / 1000).toFixed(1)} s`);
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
  const cleanRun = await runConformance({ faults: [], level: 'profile', readOnly: false, reportDir: join(REPORT_ROOT, 'clean'), resultsFile: RESULTS_FILE, workers: 2, quiet: true, env: EMBEDDED_ENV });
  const clean: Summary = cleanRun.summary;
  const cleanLeaks = findLeaks(cleanRun.reportDir, cleanRun.redact);
  const cleanOk = clean.totals.fail === 0 && clean.totals.error === 0 && clean.harnessProblems.length === 0 && clean.totals.pass > 0 && cleanLeaks.length === 0;
  const verdicts = await pool(FAULT_CATALOG.map((fault) => () => runFault(fault)), PARALLEL);
  const report = renderSelftest(clean, cleanOk, verdicts, Date.now() - started, cleanLeaks);
  console.log(report);
  writeFileSync(join(REPORT_ROOT, 'selftest.md'), report);
  const survived = verdicts.filter((v) => !v.caught).length;
  writeFileSync('reports/selftest-results.json', JSON.stringify({ numPassedTests: verdicts.length - survived + (cleanOk ? 1 : 0), numFailedTests: survived + (cleanOk ? 0 : 1), numPendingTests: 0 }));
  return survived === 0 && cleanOk ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`selftest: ${error.stack ?? error.message}`);
    process.exit(3);
  },
);
