// Runs a target's planned checks in its session: the intelligence snapshot
// (so cleanup can restore it), then every check concurrently (route "served"
// proofs first), the notes on failures of misdeclared keys, and the cleanup.
import type { RunSettings } from '../config/config-types.ts';
import { cleanupLedger, type CleanupReport } from '../ledger/cleanup.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { callRequest, isSuccess, routeById, type BucketRole } from '../checks/request-builder.ts';
import { keyOfCheck } from '../checks/key-checks.ts';
import { attributed, attributionOf } from './attribution.ts';
import { concurrencyLimit } from './limits.ts';
import { runCheck } from './check-runner.ts';
import { runTraffic, trafficOf, type TrafficReport } from './run-traffic.ts';
import type { CheckResult } from '../report/outcome.ts';
import { runFiles } from './run-files.ts';
import type { TargetSession } from './target-session.ts';

export interface TargetRun {
  results: CheckResult[];
  cleanup?: CleanupReport;
  /** Why the run stopped before its end (the deployment stopped answering), if it did. */
  stopped?: string;
  /** What the traffic for the rules over every exchange sent. */
  traffic?: TrafficReport;
  durationMs: number;
}

export interface TargetRunOptions {
  /** Called as each check ends (the console line). */
  onResult?(result: CheckResult): void;
  /** Checks in flight at most (default: three times the request concurrency: most of a check's time is waiting). */
  checkConcurrency?: number;
  /** Leave the ledger's resources in place (the caller cleans up later, or --cleanup does). */
  skipCleanup?: boolean;
}

/** Records the intelligence instructions of both buckets so cleanup can restore them. */
async function rememberIntelligence(session: TargetSession): Promise<void> {
  const { api, settings } = session;
  const read = routeById('getIntelligence');
  await Promise.all(
    (['allowed', 'other'] as BucketRole[]).map(async (bucket) => {
      const key = pickHarnessKey(settings.keys, [read.scope], settings.buckets[bucket]);
      if (!key) return;
      const ex = await api.send(callRequest(read, settings, bucket, {}, { key })).catch(() => undefined);
      const instructions = (ex?.json as { instructions?: unknown } | undefined)?.instructions;
      if (ex && isSuccess(ex.status) && (typeof instructions === 'string' || instructions === null))
        appendLedger(runFiles(settings.runDir).ledger, { kind: 'intelligence', bucketId: settings.buckets[bucket], instructions });
    }),
  );
}

/** Adds, to each failing check that used a key whose own KEY check failed, a note that the config may be at fault. */
export function noteMisdeclaredKeys(results: CheckResult[]): CheckResult[] {
  const failedKeys = new Set(results.flatMap((r) => (r.status === 'fail' && keyOfCheck(r.id) ? [keyOfCheck(r.id)!] : [])));
  if (failedKeys.size === 0) return results;
  return results.map((r) => {
    const names = (r.keys ?? []).filter((k) => failedKeys.has(k));
    if (r.status !== 'fail' || keyOfCheck(r.id) || names.length === 0 || !r.failure) return r;
    const notes = names.map(
      (k) => `note: the key "${k}" did not behave as declared (see KEY-${k}-as-declared); this failure may come from the config`,
    );
    return { ...r, failure: { ...r.failure, actual: `${r.failure.actual}\n${notes.join('\n')}` } };
  });
}

/** The run ledger's first entry: what the run is and where it wrote. */
export function ledgerRunEntry(settings: RunSettings): void {
  appendLedger(runFiles(settings.runDir).ledger, {
    kind: 'run',
    runId: settings.runId,
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    runPrefix: settings.runPrefix,
    at: new Date().toISOString(),
  });
}

/** Runs the plan in the session and cleans up after it. */
export async function runTarget(session: TargetSession, plan: PlannedCheck[], options: TargetRunOptions = {}): Promise<TargetRun> {
  const started = performance.now();
  const { settings } = session;
  ledgerRunEntry(settings);
  session.expect(plan);
  if (!settings.readOnly) await attributed(attributionOf('set-up: intelligence', 'setup'), () => rememberIntelligence(session));
  // Every check and the traffic first; then the checks that judge all of their exchanges.
  const judging = (p: PlannedCheck) => p.def.judgesTraffic === true;
  const limit = concurrencyLimit(options.checkConcurrency ?? settings.concurrency * 3);
  const [first, traffic] = await Promise.all([
    runChecks(
      session,
      plan.filter((p) => !judging(p)),
      { ...options, limit },
    ),
    runTraffic(session, trafficOf(settings), limit),
  ]);
  const last = await runChecks(session, plan.filter(judging), { ...options, limit });
  const byId = new Map([...first, ...last].map((r) => [r.id, r]));
  const results = plan.map((p) => byId.get(p.def.id)!);
  const stopped = session.breaker.stopped();
  let cleanup: CleanupReport | undefined;
  if (stopped) {
    const ledger = runFiles(settings.runDir).ledger;
    cleanup = {
      removed: 0,
      restored: 0,
      kept: [],
      problems: [`not attempted, the run stopped (${stopped}); once the deployment answers, run --cleanup ${ledger}`],
    };
  } else if (!options.skipCleanup) {
    cleanup = await attributed(attributionOf('cleanup', 'cleanup'), () =>
      cleanupLedger(
        runFiles(settings.runDir).ledger,
        { workspaceId: settings.workspaceId, keys: settings.keys, send: (r) => session.api.send(r) },
        { keepForRepro: settings.keepForRepro },
      ).catch((error: Error) => ({ removed: 0, restored: 0, kept: [], problems: [session.api.redact(error.message)] })),
    );
  }
  return { results: noteMisdeclaredKeys(results), cleanup, stopped, traffic, durationMs: Math.round(performance.now() - started) };
}

/** Runs planned checks concurrently in the session (route served proofs first); results in plan order. */
export async function runChecks(
  session: TargetSession,
  plan: PlannedCheck[],
  options: Pick<TargetRunOptions, 'onResult' | 'checkConcurrency'> & {
    settings?: RunSettings;
    limit?: <T>(task: () => Promise<T>) => Promise<T>;
  } = {},
): Promise<CheckResult[]> {
  session.expect(plan);
  const limit = options.limit ?? concurrencyLimit(options.checkConcurrency ?? session.settings.concurrency * 3);
  // Served proofs first: the other checks of a route wait for them (and must not take every slot while they wait).
  const order = plan.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i);
  const results: CheckResult[] = new Array(plan.length);
  await Promise.all(
    order.map(({ p, i }) =>
      limit(async () => {
        results[i] = await runCheck(session, p, options.settings ?? session.settings);
        options.onResult?.(results[i]);
      }),
    ),
  );
  return results;
}

function rank(p: PlannedCheck): number {
  if (p.status !== 'run') return 0;
  if (/^PATH-[A-Za-z0-9]+-served$/.test(p.def.id)) return 1;
  return 2;
}
