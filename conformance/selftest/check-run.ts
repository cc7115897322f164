// One run of the self-test: a fresh embedded mock with the run's faults, the
// run's checks against it in the suite's engine, its reports written and
// scanned for key bytes, and the mock stopped.
import { join } from 'node:path';
import { DEPLOYMENT_VARS, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { checkTarget } from '../engine/check-target.ts';
import { prepareTarget } from '../engine/prepare-target.ts';
import { guardArtifacts } from '../engine/artifact-guard.ts';
import { writeReports } from '../report/write-reports.ts';
import type { Summary } from '../report/summary.ts';

/** A run: the clean mock or a trial, its faults, and the checks it runs (all of them without a grep). */
export interface Run {
  name: string;
  faults: string[];
  grep?: string;
  /** Its report dir under the self-test's root (default: its name). */
  dir?: string;
}

export interface RunOutcome {
  name: string;
  /** The summary as written (redacted where a key was found). */
  summary: Summary;
  /** Report files that held a key byte. */
  leaks: string[];
}

// Always the embedded mocks, whatever deployment the environment points at.
const EMBEDDED_ENV = { ...process.env, ...Object.fromEntries(DEPLOYMENT_VARS.map((name) => [name, ''])) };

// The embedded mock is consistent at once: waiting the default 5 s for a write a fault hides would only slow the trial.
const CONSISTENCY_WINDOW_MS = 500;

/** Checks one run against its own mock, whose keys get these tokens; reports go to `root/<run dir or name>`. */
export async function checkRun(run: Run, tokens: Record<string, string>, root: string): Promise<RunOutcome> {
  const mock = await startEmbeddedTarget(run.faults, tokens);
  try {
    const config = { ...mock.config, overrides: { ...mock.config.overrides, consistencyWindowMs: CONSISTENCY_WINDOW_MS } };
    const prepared = prepareTarget(config, resolveTokens(config, EMBEDDED_ENV), {
      name: run.name,
      reportDir: join(root, run.dir ?? run.name),
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
    return { name: run.name, summary: guarded.summaries[0], leaks: guarded.leaks[0].map((l) => l.file) };
  } finally {
    await mock.close();
  }
}
