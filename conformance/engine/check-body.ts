// Runs one check's body, the same way in a Playwright test and in the
// in-process runner: it waits for what its verdict rests on (its route's
// served proof, the shared test files it reads), runs, and then judges the
// exchanges it sent itself by the seed's rules. It ends in one of three ways:
// it returns (passed, with a note), it throws a CheckFailure (the server broke
// a rule), or it throws NotRun (no verdict either way, and why).
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { CheckFailure, describeResponse } from '../client/assert.ts';
import { ReadBackError } from '../client/read-back.ts';
import { checkIds } from '../plan/check-ids.ts';
import { ListingUnfinished } from '../listing/listing-unfinished.ts';
import { SetupError } from '../client/setup-error.ts';
import type { Exchange } from '../http/api-client.ts';
import { RateLimitedError, TransportError } from '../http/transport/transport-errors.ts';
import { judgeExchanges, serverErrorOperations, type Finding } from '../oracles/judge.ts';
import { ORACLE_RULES } from '../oracles/oracle-rules.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { NotProven, NotRun } from '../plan/no-verdict.ts';
import { SETUP_PARTS } from '../plan/fixture-types.ts';
import { plain } from '../report/outcome.ts';
import type { Attribution } from '../run/attribution.ts';
import type { RunSession } from './run-session.ts';

/** Runs `task` holding a named lock (checks that change bucket-wide state never overlap); Playwright holds its own. */
export type Locker = <T>(name: string | undefined, task: () => Promise<T>) => Promise<T>;

const noLock: Locker = (_name, task) => task();

/** Why a check that threw something other than a CheckFailure gave no verdict. */
async function notRunOf(session: RunSession, error: unknown, blameOf: (ids: string[]) => string | undefined): Promise<NotRun> {
  const { redact } = session.api;
  const stopped = await session.board.stopped();
  if (stopped) return new NotRun('error', `not run: ${stopped}`);
  if (error instanceof NotRun) return error;
  const message = plain(redact((error as Error)?.message ?? String(error)));
  if (error instanceof NotProven) return new NotRun('skip', `not proven: ${message}`);
  // A verdict that needs the whole listing, which the deployment's paging did not let the suite read: no verdict either way.
  if (error instanceof ListingUnfinished) return new NotRun('error', `not run: ${message}`);
  if ((error instanceof ReadBackError || error instanceof SetupError) && error.operationId) {
    const unserved = await session.unservedReason(error.operationId);
    if (unserved) return new NotRun('error', `not run: needs ${error.operationId}, which ${unserved}`);
  }
  // A read-back the deployment did not answer 2xx says nothing of this check's rule; that route's own checks judge it.
  if (error instanceof ReadBackError)
    return new NotRun('error', `not run: ${message}${error.operationId ? ` (see ${checkIds.served(error.operationId)})` : ''}`);
  if (error instanceof SetupError) {
    const see = blameOf(error.blame);
    return new NotRun('error', `not run: needs its test data: ${message}${see ? ` (see ${see})` : ''}`);
  }
  // No answer on this check's requests (a route that hangs or trickles), or a rate limit given up on: no verdict either way.
  const cause = (error as Error)?.cause ?? error;
  if (cause instanceof RateLimitedError || cause instanceof TransportError) return new NotRun('error', `not run: ${message}`);
  return new NotRun('error', `harness error: ${message}`);
}

/** The first finding as a check failure: the rule, the exchange, and what it showed. */
function failureOf(findings: Finding[], broken: number, total: number): CheckFailure {
  const [first] = findings;
  const variant = first.view.entry.intent?.variant ? ` (${first.view.entry.intent.variant})` : '';
  return new CheckFailure(
    `no exchange that breaks the rule "${first.rule}"`,
    `${broken} of ${total} judged exchange(s) did; the first${variant}: ${first.what}; ${describeResponse(first.exchange)}`,
    first.exchange as Exchange,
  );
}

/**
 * Runs a planned check (status "run") in the session, attributed to `attribution`. `blameOf` names, among check
 * ids a set-up step rests on, the first this run reports (to point a "not run" at it).
 */
export async function runCheckBody(
  session: RunSession,
  planned: PlannedCheck,
  attribution: Attribution,
  options: { lock?: Locker; blameOf?: (ids: string[]) => string | undefined } = {},
): Promise<string | undefined> {
  const { def } = planned;
  const blameOf = options.blameOf ?? ((ids: string[]) => ids[0]);
  let note: string | undefined;
  try {
    const stopped = await session.board.stopped();
    if (stopped) throw new NotRun('error', `not run: ${stopped}`);
    if (def.gate === 'every-route')
      await Promise.all(loadRouteTable().map((r) => session.servedProof(r.operationId).catch(() => undefined)));
    else if (def.gate !== 'none' && def.operationId) {
      const verdict = await session.routeVerdict(def.operationId);
      if (verdict.unserved) throw new NotRun('unserved', `not served: ${verdict.unserved}`);
      if (verdict.blocked) throw new NotRun('error', `not run: ${verdict.blocked}`);
    }
    const fixtures = def.fixtures ? await session.parts.fixtures(def.needs ?? SETUP_PARTS) : { ready: false };
    const unserved = new Set((await session.unservedOperations()).keys());
    const ctx = session.context(planned.keys, fixtures, unserved);
    note = (await (options.lock ?? noLock)(def.exclusive, () => def.run(ctx))) ?? undefined;
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
    const notRun = await notRunOf(session, error, blameOf);
    // A rule the check's own exchanges broke is a failure, whatever else kept it from its verdict.
    await judgeOwn(session, planned, attribution);
    throw notRun;
  }
  await judgeOwn(session, planned, attribution);
  return note ? plain(session.api.redact(note)) : undefined;
}

/** Fails the check when an exchange it sent itself broke a rule judged at its level. */
async function judgeOwn(session: RunSession, planned: PlannedCheck, attribution: Attribution): Promise<void> {
  if (attribution.exchanges.length === 0) return;
  const context = await session.judgeContext(serverErrorOperations(attribution.exchanges, session.settings.baseUrl));
  const { judgedBy } = planned.def;
  const rules = judgedBy ? ORACLE_RULES.filter((rule) => judgedBy.includes(rule.slug)) : ORACLE_RULES;
  const judged = judgeExchanges(attribution.exchanges, context, planned.def.level, session.api.redact, rules);
  if (judged.findings.length) throw failureOf(judged.findings, judged.broken, judged.judged);
}
