// The self-test: the engine checks many embedded mocks, one per trial: the
// clean mock (every check must pass) and each trial of planted faults (each
// must fail a check of its area at its level). It prints the table trial →
// checks that caught it, and fails when any trial survives, any check was
// never seen failing, or any report holds a key.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEPLOYMENT_VARS, resolveTokens } from '../config/load-config.ts';
import { embeddedTokens } from '../embedded/embedded-keys.ts';
import { startEmbeddedTarget, type EmbeddedTarget } from '../embedded/embedded-target.ts';
import { checkTarget } from '../engine/check-target.ts';
import { concurrencyLimit } from '../engine/limits.ts';
import { prepareTarget } from '../engine/prepare-target.ts';
import { guardArtifacts } from '../engine/artifact-guard.ts';
import { writeReports } from '../report/write-reports.ts';
import type { Summary } from '../report/summary.ts';
import { judgeFault, renderSelftest, uncoveredChecks } from './selftest-verdict.ts';
import { areaGrep, selftestTrials, type Trial } from './selftest-trials.ts';

const ROOT = resolve(process.env.BUCKETKIT_SELFTEST_DIR ?? 'reports/selftest');
// Trials checked at once: each has its own mock process; the checks of all of them share this process.
const PARALLEL = Number(process.env.BUCKETKIT_SELFTEST_PARALLEL ?? 6);
// A regular expression on trial names, to rerun a few trials; such a run does not judge coverage.
const ONLY = process.env.BUCKETKIT_SELFTEST_ONLY ? new RegExp(process.env.BUCKETKIT_SELFTEST_ONLY) : undefined;
// Always the embedded mocks, whatever deployment the environment points at.
const EMBEDDED_ENV = { ...process.env, ...Object.fromEntries(DEPLOYMENT_VARS.map((name) => [name, ''])) };

// The embedded mock is consistent at once: waiting the default 5 s for a write a fault hides would only slow the trial.
const CONSISTENCY_WINDOW_MS = 500;

interface Run {
  name: string;
  faults: string[];
  grep?: string;
}

/** Checks one run against its own mock; returns its summary (reports written, scanned for keys) and leaked files. */
async function checkRun(run: Run, mock: EmbeddedTarget): Promise<{ summary: Summary; leaks: string[] }> {
  const config = { ...mock.config, overrides: { ...mock.config.overrides, consistencyWindowMs: CONSISTENCY_WINDOW_MS } };
  const prepared = prepareTarget(config, resolveTokens(config, EMBEDDED_ENV), {
    name: run.name,
    reportDir: join(ROOT, run.name),
    level: 'profile',
    readOnly: false,
    grep: run.grep,
    requestTimeoutMs: 15_000,
    // The trial's files go at the end of the trial: its mock stops right after.
    keepForRepro: false,
  });
  const { summary } = await checkTarget(prepared);
  writeReports(prepared.target.reportDir, summary);
  const guarded = guardArtifacts([prepared], [summary], prepared.target.reportDir);
  return { summary: guarded.summaries[0], leaks: guarded.leaks[0].map((l) => l.file) };
}

async function main(): Promise<number> {
  const started = Date.now();
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const trials: Trial[] = selftestTrials().filter((t) => !ONLY || ONLY.test(t.name));
  const runs: Run[] = [
    { name: 'clean', faults: [] },
    ...trials.map((t) => ({ name: t.name, faults: t.faults, grep: t.grep ?? areaGrep(t.areas) })),
  ];
  // Every trial's mock gets the same keys, so the run redacts a handful of secrets, not one set per trial.
  const tokens = embeddedTokens();
  const limit = concurrencyLimit(PARALLEL);
  console.log(`selftest: ${trials.length} trials and the clean mock, ${PARALLEL} at a time`);
  const outcomes = await Promise.all(
    runs.map((run) =>
      limit(async () => {
        const mock = await startEmbeddedTarget(run.faults, tokens);
        try {
          return await checkRun(run, mock);
        } finally {
          await mock.close();
        }
      }),
    ),
  );
  const [clean, ...trialSummaries] = outcomes.map((o) => o.summary);
  const [cleanLeaks, ...trialLeaks] = outcomes.map((o) => o.leaks);
  const cleanOk =
    clean.totals.fail === 0 &&
    clean.totals.error === 0 &&
    clean.harnessProblems.length === 0 &&
    !clean.incomplete &&
    clean.totals.pass > 0 &&
    cleanLeaks.length === 0;
  const verdicts = trials.map((trial, i) => {
    const time = trialSummaries[i].checks.reduce((n, c) => n + (c.durationMs ?? 0), 0);
    const verdict = judgeFault(trial, trialSummaries[i], trialLeaks[i], time);
    console.log(
      `${verdict.caught ? 'caught  ' : 'SURVIVED'} ${trial.name} (${trial.area}, ${trial.level}) by ${verdict.caughtBy.length} check(s)`,
    );
    return verdict;
  });
  const report = renderSelftest(clean, cleanOk, verdicts, Date.now() - started, cleanLeaks, !ONLY);
  console.log(report);
  writeFileSync(join(ROOT, 'selftest.md'), report);
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
