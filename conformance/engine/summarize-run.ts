// The one summary of a run, whichever front end ran it (a Playwright run, a
// shard of one, the in-process engine of the self-test): read from what the
// run left in its run dir — the record of outcomes, every process's exchanges
// and listing shapes, why it stopped, what its end found — and written as
// every report of the run (summary.json, summary.md, the counts CI sums, the
// authorization matrix).
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { viewOf } from '../oracles/exchange-view.ts';
import { routeLabel } from '../plan/check-types.ts';
import { buildAuthorizationMatrix } from '../report/authorization-matrix.ts';
import type { Baseline } from '../report/baseline.ts';
import { statsOf } from '../report/client-counts.ts';
import { writeMatrixFiles } from '../report/matrix-files.ts';
import { noteMisdeclaredKeys } from '../report/misdeclared-keys.ts';
import type { CheckResult } from '../report/outcome.ts';
import { withBaseline } from '../report/run-verdict.ts';
import { buildSummary, type Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import { resultHead } from './check-runner.ts';
import { readExchangeFiles } from './exchange-file.ts';
import { planRun } from './plan-run.ts';
import { readRecord } from './run-record.ts';
import { readRunFile, runFiles, type RunEnd, type RunStop } from './run-files.ts';
import { readShapes } from './shapes-file.ts';

/** Why a check that started has no result: its process went away, or something ended its test from outside. */
export const UNFINISHED =
  'harness error: the check started and never ended (its process stopped, or its test was ended from outside); this is a bug of the suite: please report it';

/** The results the record holds, in the plan's order (a check the plan does not know of after the rest). */
function orderedResults(settings: RunSettings): { results: CheckResult[]; users: NonNullable<Summary['userTests']> } {
  const record = readRecord(settings.runDir);
  const plan = planRun(settings);
  const position = new Map(plan.map((p, i) => [p.def.id, i]));
  const unfinished = record.unfinished.flatMap((id): CheckResult[] => {
    const planned = plan.find((p) => p.def.id === id);
    return planned ? [{ ...resultHead(planned.def), status: 'error', reason: UNFINISHED }] : [];
  });
  const results = [...record.checks.values(), ...unfinished].sort(
    (a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity),
  );
  return { results, users: record.users };
}

/** The run's summary, from its run dir. */
export function summarizeRun(settings: RunSettings, options: { shard?: string } = {}): Summary {
  const files = runFiles(settings.runDir);
  const stop = readRunFile<RunStop>(files.stop);
  const end = readRunFile<RunEnd>(files.end);
  const views = readExchangeFiles(files.exchanges).flatMap((entry) => viewOf(entry, settings.baseUrl) ?? []);
  const routes = loadRouteTable();
  const recorded = orderedResults(settings);
  const results = noteMisdeclaredKeys(recorded.results, views, settings);
  const unserved = new Set(Object.entries(end?.routeProofs ?? {}).flatMap(([op, proof]) => (proof.served ? [] : [op])));
  const matrix = stop || results.length === 0 ? undefined : buildAuthorizationMatrix(views, settings, routes, unserved);
  const listingShapes = readShapes(settings.runDir);
  const stats = statsOf(end?.counts ?? {}, end?.durationMs ?? 0, settings.concurrency);
  return buildSummary(
    {
      runId: settings.runId,
      baseUrl: settings.baseUrl,
      level: settings.level,
      readOnly: settings.readOnly,
      ...(settings.allowUnbuilt ? { allowUnbuilt: true as const } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
      checks: results.map(({ steps: _steps, keys: _keys, verifiesKey: _verifiesKey, ...check }) => check as Summary['checks'][number]),
      ...(end?.cleanup ? { cleanup: end.cleanup } : {}),
      harnessProblems: [],
      ...(stop ? { incomplete: stop } : end?.stopped ? { incomplete: { exitCode: 2 as const, reason: end.stopped } } : {}),
      ...(matrix ? { matrix } : {}),
      ...(end ? { routeProofs: end.routeProofs } : {}),
      stats: { ...stats, ...(Object.keys(listingShapes).length ? { listingShapes } : {}) },
      ...(recorded.users.length ? { userTests: recorded.users } : {}),
    },
    routes.map(routeLabel),
  );
}

export interface FinishOptions {
  shard?: string;
  baseline?: Baseline;
  /** Where the reports go (the run dir's parent). */
  reportDir: string;
  /** The counts CI sums (default conformance-results.json); '' for none. */
  ciResultsFile?: string;
  /** Write junit.xml (a Playwright run leaves it to Playwright's JUnit reporter). */
  junit: boolean;
}

/** Summarises the run, judges it against the baseline and writes every report of it; the summary as written. */
export function finishRun(settings: RunSettings, options: FinishOptions): Summary {
  const summary = withBaseline(summarizeRun(settings, { shard: options.shard }), options.baseline, new Date());
  const ciResultsFile = options.ciResultsFile ?? 'conformance-results.json';
  writeReports(options.reportDir, summary, ciResultsFile || undefined, { junit: options.junit });
  writeMatrixFiles(options.reportDir, summary);
  return summary;
}
