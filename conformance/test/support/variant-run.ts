// Runs the suite, as a user's CI would, against a variant deployment: its
// config written to a file (tokens inline: test keys only), the run's summary
// and verdict returned with its wall time.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInProcess, type RunOutcome } from '../../engine/run-in-process.ts';
import type { Level, Overrides } from '../../config/config-types.ts';
import { verdictOf, type Summary, type Verdict } from '../../report/summary.ts';
import type { Variant } from './variant.ts';

export interface VariantRun extends RunOutcome {
  verdict: Verdict;
  ms: number;
  /** Checks by id. */
  byId: Map<string, Summary['checks'][number]>;
}

/** Runs the suite against the variant (or any deployment with a config) at a level, with the overrides given (and `grep`, `learn` as the CLI takes them). */
export async function runAgainst(
  variant: Pick<Variant, 'config'>,
  options: { level?: Level; overrides?: Overrides; requestTimeoutMs?: number; concurrency?: number; grep?: string; learn?: string } = {},
): Promise<VariantRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bk-variant-'));
  const config = join(dir, 'deployment.json');
  writeFileSync(config, JSON.stringify({ ...variant.config, overrides: { ...variant.config.overrides, ...options.overrides } }));
  const started = Date.now();
  const outcome = await runInProcess({
    config,
    level: options.level ?? 'core',
    grep: options.grep,
    learn: options.learn,
    readOnly: false,
    reportDir: join(dir, 'report'),
    faults: [],
    workers: 1,
    quiet: true,
    ciResultsFile: '',
    requestTimeoutMs: options.requestTimeoutMs,
    concurrency: options.concurrency,
    env: { ...process.env, BUCKETKIT_CONFIG: '' },
  });
  return {
    ...outcome,
    verdict: verdictOf(outcome.summary),
    ms: Date.now() - started,
    byId: new Map(outcome.summary.checks.map((c) => [c.id, c])),
  };
}

/** The checks of a status, by id (for readable assertion failures). */
export function idsWith(run: VariantRun, status: Summary['checks'][number]['status']): string[] {
  return run.summary.checks.filter((c) => c.status === status).map((c) => c.id);
}

/** A one-line account of a run for the test log. */
export function describeRun(name: string, run: VariantRun): string {
  const t = run.summary.totals;
  const s = run.summary.stats;
  return `${name}: ${run.verdict.label} (exit ${run.verdict.exitCode}) in ${(run.ms / 1000).toFixed(1)} s, ${s?.requests ?? '?'} requests, ${s?.rateLimited ?? 0} rate limited, ${s?.transient?.met ?? 0} transient failures (${s?.transient?.resent ?? 0} resent); ${t.pass} passed, ${t.fail} failed, ${t.error} could not run, ${t.unserved} not served`;
}
