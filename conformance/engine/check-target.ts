// One target checked end to end by the in-process runner: the preflight, the
// plan, the checks in a session over a run board of its own, and the summary
// every report is written from.
import { variantStatsOf, type VariantStats } from '../operators/axis-counts.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { preflight } from './preflight.ts';
import type { PreparedTarget } from './prepare-target.ts';
import type { Api } from '../run/api.ts';
import { planRun, shardPlan } from './plan-run.ts';
import { routeLabel } from '../plan/check-types.ts';
import { buildSummary, type Summary } from '../report/summary.ts';
import { buildAuthorizationMatrix, type AuthorizationMatrix } from '../report/authorization-matrix.ts';
import { writeMatrixFiles } from '../report/matrix-files.ts';
import { makeClient } from './make-client.ts';
import { LocalBoard } from '../run/local-board.ts';
import { viewOf } from '../oracles/exchange-view.ts';
import { noteMisdeclaredKeys } from '../report/misdeclared-keys.ts';
import type { TransportStats } from '../http/transport/transport-types.ts';
import { plain, type CheckResult } from '../report/outcome.ts';
import { writeOutcomes, type RunStop } from './run-files.ts';
import { runTarget } from './run-target.ts';
import { resultHead } from './check-runner.ts';
import { RunSession } from './run-session.ts';
import { ExchangeLog } from './session-api.ts';
import type { ListingShape } from '../listing/shape-book.ts';

/** The shapes as reports show them: the deployment's field names and reasons redacted and without terminal escapes. */
function shownShapes(shapes: Record<string, ListingShape> | undefined, redact: (text: string) => string) {
  if (!shapes) return undefined;
  const shown = (text: string) => plain(redact(text));
  return Object.fromEntries(
    Object.entries(shapes).map(([route, s]) => [
      route,
      { ...s, items: shown(s.items), paging: shown(s.paging), ...(s.unfinishedWhy ? { unfinishedWhy: shown(s.unfinishedWhy) } : {}) },
    ]),
  );
}

/** A route's label for an operation id (the operation itself when the route table has none). */
const routeOfOperation = (operationId: string): string => {
  const route = loadRouteTable().find((r) => r.operationId === operationId);
  return route ? routeLabel(route) : operationId;
};

export interface CheckTargetOptions {
  shard?: string;
  /** Called as each check ends. */
  onResult?(result: CheckResult): void;
  /** Called with each line the preflight prints. */
  say?(line: string): void;
  /** The client to send with (default: one made from the settings). */
  client?: Api;
  /** Called with the run's session and its log once they exist (--learn reads the log of exchanges after the run). */
  onSession?(session: RunSession, log: ExchangeLog): void;
}

export interface CheckedTarget {
  results: CheckResult[];
  summary: Summary;
}

/** Runs the preflight and, unless it stops the run, every planned check of the shard; writes the outcomes. */
export async function checkTarget(prepared: PreparedTarget, options: CheckTargetOptions = {}): Promise<CheckedTarget> {
  const { settings, secrets } = prepared;
  const started = Date.now();
  const checked = await preflight(settings, secrets);
  checked.notes.forEach((line) => options.say?.(line));
  const plan = shardPlan(planRun(settings), options.shard);
  let results: CheckResult[];
  let incomplete: RunStop | undefined = checked.stop;
  let cleanup;
  let sent: TransportStats | undefined;
  let matrix: AuthorizationMatrix | undefined;
  let routeProofs: Summary['routeProofs'];
  let listingShapes: Record<string, ListingShape> | undefined;
  let variants: VariantStats | undefined;
  if (checked.stop) {
    options.say?.(`preflight: ${checked.stop.reason}`);
    const reason = `not run: ${checked.stop.reason}`;
    results = plan.map(({ def, status, reason: why }) => ({
      ...resultHead(def),
      ...(status === 'run' ? { status: 'error' as const, reason } : { status, reason: why }),
    }));
  } else {
    // Shared with the client, so a request still queued when the run stops is never sent.
    const board = new LocalBoard({ concurrency: settings.concurrency, maxRps: settings.maxRps });
    const client = options.client
      ? { api: options.client, stats: () => undefined, close: async () => undefined }
      : makeClient(settings, secrets, () => board.breaker.stopped(), board.gate);
    try {
      const log = new ExchangeLog();
      const session = new RunSession(client.api, settings, board, '', log);
      options.onSession?.(session, log);
      const run = await runTarget(session, plan, { onResult: options.onResult });
      const views = log.entries.flatMap((entry) => viewOf(entry, settings.baseUrl) ?? []);
      results = noteMisdeclaredKeys(run.results, views, settings);
      cleanup = run.cleanup;
      sent = client.stats();
      matrix = buildAuthorizationMatrix(views, settings, loadRouteTable(), new Set((await session.unservedOperations()).keys()));
      listingShapes = shownShapes(session.api.listingShapes?.shapes(routeOfOperation), session.api.redact);
      if (run.stopped) incomplete = { exitCode: 2, reason: run.stopped };
      routeProofs = await session.routeProofs();
      variants = variantStatsOf(await board.counts());
    } finally {
      await client.close();
      board.close(new Error('the run is over'));
    }
  }
  writeOutcomes(settings.runDir, results);
  const summary = buildSummary(
    {
      runId: settings.runId,
      baseUrl: settings.baseUrl,
      level: settings.level,
      readOnly: settings.readOnly,
      shard: options.shard,
      checks: results.map(({ steps: _steps, keys: _keys, verifiesKey: _verifiesKey, ...check }) => check as Summary['checks'][number]),
      cleanup,
      harnessProblems: [],
      incomplete,
      ...(matrix ? { matrix } : {}),
      ...(routeProofs ? { routeProofs } : {}),
      stats: {
        durationMs: Date.now() - started,
        concurrency: settings.concurrency,
        ...(sent
          ? {
              requests: sent.sent,
              rateLimited: sent.rateLimited,
              waitedMs: Math.round(sent.waitedMs),
              maxInFlight: sent.maxInFlight,
              transient: sent.transient,
            }
          : {}),
        ...(listingShapes && Object.keys(listingShapes).length ? { listingShapes } : {}),
        ...(variants ? { variants } : {}),
      },
    },
    loadRouteTable().map(routeLabel),
  );
  writeMatrixFiles(settings.runDir, summary);
  return { results, summary };
}
