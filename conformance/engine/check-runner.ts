// Runs one planned check in the in-process runner and turns how it ended into
// its record: a pass (with a note), a failure with the exchange that showed it
// and its curl line, or no verdict (not run, not served, not proven) with why.
// The body is the one a Playwright test runs (check-body.ts).
import { CheckFailure } from '../client/assert.ts';
import { buildCurl } from '../http/curl.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { plain, type CheckOutcome, type CheckResult } from '../report/outcome.ts';
import { attributed, attributionOf } from '../run/attribution.ts';
import { NotRun } from '../plan/no-verdict.ts';
import { runCheckBody, type Locker } from './check-body.ts';
import type { RunSession } from './run-session.ts';

/** The failure record of a CheckFailure: texts redacted, the curl line built with every key as its env var. */
export function failureRecord(session: RunSession, error: CheckFailure): CheckOutcome {
  const { redact } = session.api;
  const prebuilt = (error.exchange as { curl?: string } | undefined)?.curl;
  const curl = prebuilt ?? (error.exchange ? redact(buildCurl(error.exchange.request, session.api.secrets())) : undefined);
  const failure = { expected: plain(redact(error.expected)), actual: plain(redact(error.actual)), curl };
  return { status: 'fail', failure, ...(error.keyFindings ? { keyFindings: error.keyFindings } : {}) };
}

/** What every result of a check says of it, whatever its outcome: its id, title, area, level, route and key role. */
export function resultHead(def: PlannedCheck['def']): Pick<CheckResult, 'id' | 'title' | 'area' | 'level' | 'route' | 'verifiesKey'> {
  return {
    id: def.id,
    title: def.title,
    area: def.area,
    level: def.level,
    route: def.route,
    ...(def.verifiesKey !== undefined ? { verifiesKey: def.verifiesKey } : {}),
  };
}

/** Runs a planned check and returns its result. */
export async function runCheck(
  session: RunSession,
  planned: PlannedCheck,
  options: { lock?: Locker; blameOf?: (ids: string[]) => string | undefined } = {},
): Promise<CheckResult> {
  const { def } = planned;
  const base = resultHead(def);
  if (planned.status !== 'run') return { ...base, status: planned.status, reason: planned.reason };
  const keys = [...new Set(Object.values(planned.keys).flat())];
  const attribution = attributionOf(def.id, 'check');
  const started = performance.now();
  let outcome: CheckOutcome;
  try {
    const note = await attributed(attribution, () => runCheckBody(session, planned, attribution, options));
    outcome = { status: 'pass', reason: note };
  } catch (error) {
    if (error instanceof CheckFailure) {
      outcome = failureRecord(session, error);
      session.keepForRepro(def.id, attribution, error.exchange);
    } else if (error instanceof NotRun) outcome = { status: error.status, reason: plain(session.api.redact(error.message)) };
    else outcome = { status: 'error', reason: `harness error: ${plain(session.api.redact((error as Error)?.message ?? String(error)))}` };
  }
  return {
    ...base,
    ...outcome,
    durationMs: Math.round(performance.now() - started),
    steps: attribution.steps,
    requests: attribution.requests,
    keys,
  };
}
