// The summary of a Playwright run, from the records of its tests and what the
// run left in its run dir (the global set-up's preflight, the teardown's
// cleanup and counts, every process's exchanges): the one summary every
// report of the run is written from.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';
import { viewOf } from '../oracles/exchange-view.ts';
import { routeLabel } from '../plan/check-types.ts';
import { buildAuthorizationMatrix } from '../report/authorization-matrix.ts';
import type { CheckResult } from '../report/outcome.ts';
import { buildSummary, type Summary } from '../report/summary.ts';
import { readRunFile, runFiles, type RunStop } from '../engine/run-files.ts';
import { readExchangeFiles } from './exchange-file.ts';
import { statsOf } from '../report/client-counts.ts';
import { noteMisdeclaredKeys } from '../report/misdeclared-keys.ts';

/** What the global teardown records at the end of a run. */
export interface RunEnd {
  cleanup?: CleanupReport;
  /** Why the run stopped mid-way (the deployment stopped answering). */
  stopped?: string;
  /** What the served proof of each route the run proved showed. */
  routeProofs: NonNullable<Summary['routeProofs']>;
  /** What the run's clients sent and met, over every process. */
  counts: Record<string, number>;
  durationMs: number;
}

/** The run's summary. */
export function runSummary(settings: RunSettings, results: CheckResult[], shard: string | undefined): Summary {
  const files = runFiles(settings.runDir);
  const stop = readRunFile<RunStop>(files.stop);
  const end = readRunFile<RunEnd>(files.end);
  const views = readExchangeFiles(files.exchanges).flatMap((entry) => viewOf(entry, settings.baseUrl) ?? []);
  const routes = loadRouteTable();
  results = noteMisdeclaredKeys(results, views, settings);
  const matrix = stop
    ? undefined
    : buildAuthorizationMatrix(
        views,
        settings,
        routes,
        new Set(Object.entries(end?.routeProofs ?? {}).flatMap(([op, proof]) => (proof.served ? [] : [op]))),
      );
  const counts = end?.counts ?? {};
  return buildSummary(
    {
      runId: settings.runId,
      baseUrl: settings.baseUrl,
      level: settings.level,
      readOnly: settings.readOnly,
      ...(shard ? { shard } : {}),
      checks: results.map(({ steps: _steps, keys: _keys, verifiesKey: _verifiesKey, ...check }) => check as Summary['checks'][number]),
      ...(end?.cleanup ? { cleanup: end.cleanup } : {}),
      harnessProblems: [],
      ...(stop ? { incomplete: stop } : end?.stopped ? { incomplete: { exitCode: 2 as const, reason: end.stopped } } : {}),
      ...(matrix ? { matrix } : {}),
      ...(end ? { routeProofs: end.routeProofs } : {}),
      stats: statsOf(counts, end?.durationMs ?? 0, settings.concurrency),
    },
    routes.map(routeLabel),
  );
}
