// The body of every check's Playwright test: it runs the check (check-body.ts,
// the same as the in-process runner) and ends the way its outcome is: it
// returns when the check passed; it throws, with what was expected, what came
// and a curl line that reproduces it, when the server broke the rule; and it
// skips, under an annotation saying "not run", "not served" or "skipped" and
// why, when the check could give no verdict. Its exchanges are attached.
import { test, type TestInfo } from '@playwright/test';
import { CheckFailure } from '../client/assert.ts';
import { runCheckBody } from '../engine/check-body.ts';
import { NotRun } from '../plan/no-verdict.ts';
import { failureRecord } from '../engine/check-runner.ts';
import type { Attribution } from '../run/attribution.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { NOTE, NO_VERDICT } from './outcome-notes.ts';
import type { WorkerRun } from './worker-run.ts';
import { attachExchanges } from './exchange-attachment.ts';
import { expect } from './conformance-expect.ts';

/** Ends the test without a verdict, saying why under the outcome's own annotation. */
function noVerdict(testInfo: TestInfo, status: keyof typeof NO_VERDICT, reason: string): never {
  testInfo.annotations.push({ type: NO_VERDICT[status], description: reason });
  test.skip(true, reason);
  throw new Error('unreachable: test.skip ends the test');
}

/** Runs a planned check (declared as `declared`) as the body of its test. */
export async function runCheckTest(run: WorkerRun, declared: PlannedCheck, attribution: Attribution, testInfo: TestInfo): Promise<void> {
  const { session } = run;
  if (run.stop) noVerdict(testInfo, 'error', `not run: ${run.stop.reason}`);
  const planned = run.plan.get(declared.def.id);
  if (!planned || planned.status !== 'run')
    noVerdict(testInfo, 'error', `harness error: ${declared.def.id} is planned ${planned?.status ?? 'nowhere'} with the run's settings`);
  try {
    const note = await runCheckBody(session, planned, attribution, { blameOf: (ids) => ids[0] });
    if (note) testInfo.annotations.push({ type: NOTE.note, description: note });
  } catch (error) {
    if (error instanceof NotRun) noVerdict(testInfo, error.status, session.api.redact(error.message));
    if (!(error instanceof CheckFailure)) throw error;
    session.keepForRepro(planned.def.id, attribution, error.exchange);
    const { failure } = failureRecord(session, error);
    testInfo.annotations.push(
      { type: NOTE.expected, description: failure!.expected },
      { type: NOTE.actual, description: failure!.actual },
      ...(failure!.curl ? [{ type: NOTE.reproduce, description: failure!.curl }] : []),
      // Where a KEY check saw its key misbehave, for the reports' note on other checks that used it there.
      ...(error.keyFindings ? [{ type: NOTE.keyFindings, description: JSON.stringify(error.keyFindings) }] : []),
    );
    // The assertion gets the redacted texts only: the CheckFailure holds the exchange, whose request holds a key.
    expect({ id: planned.def.id, failure }).toConform();
  } finally {
    await attachExchanges(testInfo, attribution, session.api.redact);
  }
}
