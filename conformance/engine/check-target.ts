// One target checked end to end: the preflight, the plan (this shard's part),
// the checks in a session, and the summary every report is written from.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { preflight } from './preflight.ts';
import type { PreparedTarget } from './prepare-target.ts';
import type { Api } from '../http/api.ts';
import { planRun, shardPlan } from './plan-run.ts';
import { routeLabel } from '../plan/check-types.ts';
import { buildSummary, type Summary } from '../report/summary.ts';
import { buildAuthorizationMatrix, type AuthorizationMatrix } from '../report/authorization-matrix.ts';
import { writeMatrixFiles } from '../report/matrix-files.ts';
import { makeClient } from './make-client.ts';
import { CircuitBreaker } from './breaker.ts';
import type { TrafficReport } from './run-traffic.ts';
import type { TransportStats } from '../http/transport/transport-types.ts';
import type { CheckResult } from '../report/outcome.ts';
import { writeOutcomes, type RunStop } from './run-files.ts';
import { runTarget } from './run-target.ts';
import { TargetSession } from './target-session.ts';

export interface CheckTargetOptions {
  shard?: string;
  /** Called as each check ends. */
  onResult?(result: CheckResult): void;
  /** Called with each line the preflight prints. */
  say?(line: string): void;
  /** The client to send with (default: one made from the settings). */
  client?: Api;
  /** Called with the run's session once it exists (--learn reads its log of exchanges after the run). */
  onSession?(session: TargetSession): void;
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
  let traffic: TrafficReport | undefined;
  let sent: TransportStats | undefined;
  let matrix: AuthorizationMatrix | undefined;
  if (checked.stop) {
    options.say?.(`preflight: ${checked.stop.reason}`);
    const reason = `not run: ${checked.stop.reason}`;
    results = plan.map(({ def, status, reason: why }) => ({
      id: def.id,
      title: def.title,
      area: def.area,
      level: def.level,
      route: def.route,
      ...(status === 'run' ? { status: 'error' as const, reason } : { status, reason: why }),
    }));
  } else {
    // Shared with the client, so a request still queued when the run stops is never sent.
    const breaker = new CircuitBreaker();
    const client = options.client
      ? { api: options.client, stats: () => undefined, close: async () => undefined }
      : makeClient(settings, secrets, () => breaker.stopped());
    try {
      const session = new TargetSession(client.api, settings, breaker);
      options.onSession?.(session);
      const run = await runTarget(session, plan, { onResult: options.onResult });
      results = run.results;
      cleanup = run.cleanup;
      traffic = run.traffic;
      sent = client.stats();
      matrix = buildAuthorizationMatrix(session.views(), settings, loadRouteTable(), session.unservedOperations());
      if (run.stopped) incomplete = { exitCode: 2, reason: run.stopped };
    } finally {
      await client.close();
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
      checks: results.map(({ steps: _steps, keys: _keys, ...check }) => check as Summary['checks'][number]),
      cleanup,
      harnessProblems: [],
      incomplete,
      ...(matrix ? { matrix } : {}),
      stats: {
        durationMs: Date.now() - started,
        concurrency: settings.concurrency,
        ...(sent
          ? { requests: sent.sent, rateLimited: sent.rateLimited, waitedMs: Math.round(sent.waitedMs), maxInFlight: sent.maxInFlight }
          : {}),
        ...(traffic ? { traffic: { sent: traffic.sent, notSent: traffic.notSent.length, problems: traffic.problems } } : {}),
      },
    },
    loadRouteTable().map(routeLabel),
  );
  writeMatrixFiles(settings.runDir, summary);
  return { results, summary };
}
