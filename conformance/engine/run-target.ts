// The in-process runner of a target's planned checks: the intelligence
// snapshot (so cleanup can restore it), every check concurrently (each waits
// for what it rests on through the run board), the notes on failures of
// misdeclared keys, and the cleanup. The self-test and the suite's own tests
// run checks this way; users run them as Playwright tests (the same bodies).
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import { cleanupLedger, type CleanupReport } from '../ledger/cleanup.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { callRequest, routeById, type BucketRole } from '../client/request-builder.ts';
import { attributed, attributionOf } from '../run/attribution.ts';
import { concurrencyLimit, NamedLocks } from './limits.ts';
import { runCheck } from './check-runner.ts';
import type { CheckResult } from '../report/outcome.ts';
import { runFiles } from './run-files.ts';
import type { RunSession } from './run-session.ts';
import { sendLearnProbes } from '../traffic/learn-probes.ts';
import { judgedSetupStep } from '../client/judged-setup.ts';

export interface TargetRun {
  results: CheckResult[];
  cleanup?: CleanupReport;
  /** Why the run stopped before its end (the deployment stopped answering), if it did. */
  stopped?: string;
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
export async function rememberIntelligence(session: RunSession): Promise<void> {
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
export async function runTarget(session: RunSession, plan: PlannedCheck[], options: TargetRunOptions = {}): Promise<TargetRun> {
  const started = performance.now();
  const { settings } = session;
  ledgerRunEntry(settings);
  if (!settings.readOnly) await judgedSetupStep(session, 'set-up: intelligence', () => rememberIntelligence(session));
  const results = await runChecks(session, plan, options);
  const { cleanup, stopped } = await endTarget(session, { skipCleanup: options.skipCleanup });
  return { results, cleanup, stopped, durationMs: Math.round(performance.now() - started) };
}

/**
 * The end of a run's checks, the same for every front end: the learner's probes (--learn), then the cleanup of
 * what the ledger holds, unless the run stopped (then nothing more is sent, and --cleanup is named).
 */
export async function endTarget(
  session: RunSession,
  options: { skipCleanup?: boolean } = {},
): Promise<{ cleanup?: CleanupReport; stopped?: string }> {
  const { settings } = session;
  const ledger = runFiles(settings.runDir).ledger;
  const before = await session.board.stopped();
  if (!before && settings.learn) await sendLearnProbes(session);
  const stopped = await session.board.stopped();
  if (stopped)
    return {
      stopped,
      cleanup: {
        removed: 0,
        restored: 0,
        kept: [],
        problems: [`not attempted, the run stopped (${stopped}); once the deployment answers, run --cleanup ${ledger}`],
      },
    };
  if (options.skipCleanup) return {};
  const cleanup = await attributed(attributionOf('cleanup', 'cleanup'), () =>
    cleanupLedger(
      ledger,
      {
        workspaceId: settings.workspaceId,
        keys: settings.keys,
        send: (r) => session.api.send(r),
        listingShapes: session.api.listingShapes,
      },
      { keepForRepro: settings.keepForRepro },
    ).catch((error: Error) => ({ removed: 0, restored: 0, kept: [], problems: [session.api.redact(error.message)] })),
  );
  return { cleanup };
}

/** Runs planned checks concurrently in the session (route proofs first); results in plan order. */
export async function runChecks(
  session: RunSession,
  plan: PlannedCheck[],
  options: Pick<TargetRunOptions, 'onResult' | 'checkConcurrency'> = {},
): Promise<CheckResult[]> {
  const limit = concurrencyLimit(options.checkConcurrency ?? session.settings.concurrency * 3);
  const locks = new NamedLocks();
  const runnable = new Set(plan.filter((p) => p.status === 'run').map((p) => p.def.id));
  const blameOf = (ids: string[]) => ids.find((id) => runnable.has(id));
  // Route proofs first: most other checks of a route wait for them.
  const order = plan.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i);
  const results: CheckResult[] = new Array(plan.length);
  const run = (wave: typeof order) =>
    Promise.all(
      wave.map(({ p, i }) =>
        limit(async () => {
          results[i] = await runCheck(session, p, { lock: (name, task) => locks.with(name, task), blameOf });
          options.onResult?.(results[i]);
        }),
      ),
    );
  // A check that judges the whole run (the effects watch) starts once every other one has ended.
  await run(order.filter(({ p }) => p.def.after !== 'every-check'));
  await run(order.filter(({ p }) => p.def.after === 'every-check'));
  return results;
}

function rank(p: PlannedCheck): number {
  if (p.status !== 'run') return 0;
  return p.def.gate === 'none' ? 1 : 2;
}
