// Runs one planned check and turns how it ended into its result, the same in a
// Playwright test and in the in-process runner: a pass (with a note), a
// failure with the exchange that showed it and its curl line, no verdict (not
// run, not served, not proven, planned skipped or disabled) with why, or a
// harness error (a bug of the suite).
import { CheckFailure } from '../client/assert.ts';
import { buildCurl } from '../http/curl.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { plain, type CheckOutcome, type CheckResult } from '../report/outcome.ts';
import { attributed, attributionOf, type Attribution } from '../run/attribution.ts';
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

/** The prefix of a reason that is a bug of the suite, not a verdict on the deployment. */
export const HARNESS_ERROR = 'harness error: ';

/** Whether a result is a harness error (which fails its Playwright test, as a bug of the suite). */
export const isHarnessError = (r: Pick<CheckResult, 'status' | 'reason'>): boolean =>
  r.status === 'error' && (r.reason ?? '').startsWith(HARNESS_ERROR);

/** Of the check ids a set-up step rests on, the first the plan runs: the check a "not run" points at. */
export function blameIn(plan: readonly PlannedCheck[]): (ids: string[]) => string | undefined {
  const runnable = new Set(plan.filter((p) => p.status === 'run').map((p) => p.def.id));
  return (ids) => ids.find((id) => runnable.has(id));
}

/** Runs a planned check and returns its result; `attribution` is the record its requests go to (a fresh one by default). */
export async function runCheck(
  session: RunSession,
  planned: PlannedCheck,
  options: { lock?: Locker; blameOf?: (ids: string[]) => string | undefined; attribution?: Attribution } = {},
): Promise<CheckResult> {
  const { def } = planned;
  const base = resultHead(def);
  if (planned.status !== 'run') return { ...base, status: planned.status, reason: planned.reason };
  const keys = [...new Set(Object.values(planned.keys).flat())];
  const attribution = options.attribution ?? attributionOf(def.id, 'check');
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
    else outcome = { status: 'error', reason: `${HARNESS_ERROR}${plain(session.api.redact((error as Error)?.message ?? String(error)))}` };
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
