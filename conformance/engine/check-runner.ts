// Runs one planned check inside a target's session and turns whatever it
// ends with into its outcome: a pass (with a note), a failure with the
// exchange that showed it and its curl line, "not run" naming what it
// needed and the check whose rule that rests on, "not served", or a harness error.
import type { Exchange } from '../http/api-client.ts';
import { buildCurl } from '../http/curl.ts';
import { CheckFailure } from '../checks/assert.ts';
import { ReadBackError } from '../checks/read-back.ts';
import { RateLimitedError, TransportError } from '../http/transport/transport-errors.ts';
import { NotProven } from '../checks/oracle-checks.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { CheckRun, PlannedCheck } from '../plan/check-types.ts';
import { SETUP_PARTS } from '../plan/fixture-types.ts';
import { attributed, attributionOf, type Attribution } from './attribution.ts';
import { plain, type CheckOutcome, type CheckResult } from '../report/outcome.ts';
import { SetupError } from '../checks/setup-error.ts';
import type { TargetSession } from './target-session.ts';

/** What an error a check ended with says about the check. */
function outcomeOfError(session: TargetSession, error: unknown, attribution: Attribution): CheckOutcome {
  const { redact } = session.api;
  // A failure the deployment showed before it stopped answering stays a failure.
  if (error instanceof CheckFailure) {
    const curl = error.exchange ? redact(buildCurl(error.exchange.request, session.api.secrets())) : undefined;
    return { status: 'fail', failure: { expected: plain(redact(error.expected)), actual: plain(redact(error.actual)), curl } };
  }
  const stopped = session.breaker.stopped();
  if (stopped) return { status: 'error', reason: `not run: ${stopped}` };
  const message = plain(redact((error as Error)?.message ?? String(error)));
  if (error instanceof NotProven) return { status: 'skip', reason: `not proven: ${message}` };
  if (error instanceof ReadBackError && error.operationId && session.unservedReason(error.operationId))
    return {
      status: 'error',
      reason: `not run: needs ${error.operationId} to read back, which ${session.unservedReason(error.operationId)}`,
    };
  if (error instanceof SetupError) {
    const unserved = error.operationId && session.unservedReason(error.operationId);
    if (unserved) return { status: 'error', reason: `not run: needs ${error.operationId}, which ${unserved}` };
    const see = session.plannedToRun(error.blame);
    return {
      status: 'error',
      reason: `not run: needs ${attribution.phase === 'check' ? 'its test data' : 'set-up'}: ${message}${see ? ` (see ${see})` : ''}`,
    };
  }
  // No answer on this check's requests (a route that hangs or trickles), or a rate limit given up on: no verdict either way.
  const cause = (error as Error)?.cause;
  if (cause instanceof RateLimitedError || cause instanceof TransportError) return { status: 'error', reason: `not run: ${message}` };
  return { status: 'error', reason: `harness error: ${message}` };
}

/** Runs a planned check (waiting for its route's served proof and its set-up parts first) and returns its result. */
export async function runCheck(session: TargetSession, planned: PlannedCheck, settings: RunSettings): Promise<CheckResult> {
  const { def } = planned;
  const base = { id: def.id, title: def.title, area: def.area, level: def.level, route: def.route };
  if (planned.status !== 'run') return { ...base, status: planned.status, reason: planned.reason };
  const keys = [...new Set(Object.values(planned.keys).flat())];
  const attribution = attributionOf(def.id, 'check');
  const started = performance.now();
  const finish = (outcome: CheckOutcome): CheckResult => ({
    ...base,
    ...outcome,
    durationMs: Math.round(performance.now() - started),
    steps: attribution.steps,
    requests: attribution.requests,
    keys,
  });
  const stopped = session.breaker.stopped();
  if (stopped) return finish({ status: 'error', reason: `not run: ${stopped}` });
  const route = await session.servedGate(def);
  if (route.unserved) return finish({ status: 'unserved', reason: `not served: ${route.unserved}` });
  if (route.unproven) return finish({ status: 'error', reason: `not run: ${route.unproven}` });
  let outcome: CheckOutcome;
  let shown: Exchange | undefined;
  try {
    const note = await attributed(attribution, async () => {
      const fixtures = def.fixtures ? await session.parts.fixtures(def.needs ?? SETUP_PARTS) : { ready: false };
      const ctx: CheckRun = session.context(planned.keys, fixtures, settings);
      return session.locks.with(def.exclusive, () => def.run(ctx));
    });
    outcome = { status: 'pass', reason: note ? plain(session.api.redact(note)) : undefined };
  } catch (error) {
    outcome = outcomeOfError(session, error, attribution);
    if (error instanceof CheckFailure) shown = error.exchange;
    if (outcome.status === 'fail') session.keepForRepro(def.id, attribution, shown);
  }
  session.settleServedProof(def.id, outcome, shown);
  return finish(outcome);
}
