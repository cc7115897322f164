// The body of every check's Playwright test: it runs the check as the
// in-process runner does (check-runner.ts), writes its result to the run's
// record (which every report is built from), and ends the way the result is:
// it returns when the check passed; it throws, with what was expected, what
// came and a curl line that reproduces it, when the server broke the rule; it
// throws as a bug of the kit on a harness error; and it skips, under an
// annotation saying "not run", "not served", "skipped" or "disabled" and why,
// when the check gave no verdict. Its exchanges are attached.
import { test, type TestInfo } from '@playwright/test';
import { isHarnessError, resultHead, runCheck } from '../engine/check-runner.ts';
import type { Attribution } from '../run/attribution.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import type { CheckResult } from '../report/outcome.ts';
import { NOTE, NO_VERDICT, noteOf } from './outcome-notes.ts';
import type { WorkerRun } from './worker-run.ts';
import { attachExchanges } from './exchange-attachment.ts';
import { expect } from './conformance-expect.ts';

/** The check's result in this worker: its run's plan (with the run's real settings) decides what it does. */
async function resultOf(run: WorkerRun, declared: PlannedCheck, attribution: Attribution): Promise<CheckResult> {
  const { def } = declared;
  if (run.stop) return { ...resultHead(def), status: 'error', reason: `not run: ${run.stop.reason}` };
  const planned = run.plan.get(def.id);
  if (!planned || planned.status !== declared.status)
    return {
      ...resultHead(def),
      status: 'error',
      reason: `harness error: ${def.id} is declared ${declared.status} but planned ${planned?.status ?? 'nowhere'} with the run's settings`,
    };
  return runCheck(run.session, planned, { attribution, blameOf: run.blameOf });
}

/** Ends the test as the result says. */
function endAs(testInfo: TestInfo, result: CheckResult, allowUnbuilt: boolean): void {
  if (result.status === 'pass') {
    if (result.reason) testInfo.annotations.push({ type: NOTE.note, description: result.reason });
    return;
  }
  if (result.status === 'fail') {
    const failure = result.failure!;
    testInfo.annotations.push(
      { type: NOTE.expected, description: failure.expected },
      { type: NOTE.actual, description: failure.actual },
      ...(failure.curl ? [{ type: NOTE.reproduce, description: failure.curl }] : []),
      // Where a KEY check saw its key misbehave, for the reports' note on other checks that used it there.
      ...(result.keyFindings ? [{ type: NOTE.keyFindings, description: JSON.stringify(result.keyFindings) }] : []),
    );
    // The texts are redacted already: the exchange itself, whose request holds a key, never reaches the assertion.
    expect({ id: result.id, failure }).toConform();
    return;
  }
  // A route not built yet fails its test (the seed lists the route) unless the run lets unbuilt routes pass.
  if (result.status === 'unbuilt' && !allowUnbuilt) {
    testInfo.annotations.push({ type: NO_VERDICT.unbuilt, description: result.reason ?? 'not built yet' });
    throw new Error(
      `bucketkit: ${result.id}: ${result.reason} (not built yet; --allow-unbuilt lets a run pass while routes are still being built)`,
    );
  }
  if (isHarnessError(result)) {
    testInfo.annotations.push({ type: NOTE.harnessError, description: result.reason! });
    throw new Error(`bucketkit: ${result.reason} (this is a bug of the kit, not a verdict on the deployment: please report it)`);
  }
  const status = result.status as keyof typeof NO_VERDICT;
  // A planned skip carries its annotation from its declaration already.
  if (noteOf(testInfo.annotations, NO_VERDICT[status]) !== result.reason)
    testInfo.annotations.push({ type: NO_VERDICT[status], description: result.reason ?? status });
  test.skip(true, result.reason);
}

/** Runs a planned check (as it was declared) as the body of its test. */
export async function runCheckTest(run: WorkerRun, declared: PlannedCheck, attribution: Attribution, testInfo: TestInfo): Promise<void> {
  run.record.started(declared.def.id);
  let result: CheckResult;
  try {
    result = await resultOf(run, declared, attribution);
  } catch (error) {
    result = {
      ...resultHead(declared.def),
      status: 'error',
      reason: `harness error: ${run.session.api.redact(String((error as Error)?.stack ?? error))}`,
    };
  }
  run.record.ended(result);
  try {
    endAs(testInfo, result, run.session.settings.allowUnbuilt === true);
  } finally {
    await attachExchanges(testInfo, attribution, run.session.api.redact);
  }
}
