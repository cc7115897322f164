// Registers the planned checks of one area as Playwright tests, for every
// target of the run: skipped and disabled ones with their reason, the others
// run, their outcome recorded as redacted annotations. A failing check is an
// expected failure in Playwright's terms, so no failure costs a worker restart.
import type { Area } from '../config/config-types.ts';
import { buildCurl } from '../http/curl.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { CheckFailure } from '../checks/assert.ts';
import { identityAnnotations, outcomeAnnotations, plain, type CheckOutcome } from './check-annotations.ts';
import { keepFilesForRepro } from './keep-repro-files.ts';
import { misdeclaredKeyNote, readKeyVerdicts } from './key-verdicts.ts';
import { allTargetPlans, type TargetPlan } from './run-plan.ts';
import { withRunLock } from './run-lock.ts';
import { test, type SuiteWorker } from './suite-fixtures.ts';

/** Shown on a failing check in Playwright's own reports, where it counts as "expected". */
export const EXPECTED_FAILURE_NOTE =
  'this check FAILED (see expected and actual); Playwright counts it as an expected failure only so that its worker is not restarted';

function record(outcome: CheckOutcome): void {
  test.info().annotations.push(...outcomeAnnotations(outcome));
}

/** Ends the test as skipped, recorded as a check that could not run. */
function notRun(reason: string): void {
  record({ status: 'error', reason: `not run: ${reason}` });
  test.skip(true, `not run: ${reason}`);
}

/** Ends the test as an expected failure with a redacted message. */
function failWith(message: string): never {
  test.fail(true, EXPECTED_FAILURE_NOTE);
  throw new Error(plain(message));
}

async function runCheck(suite: SuiteWorker, planned: PlannedCheck): Promise<void> {
  const { def } = planned;
  const { settings, redact, secrets } = suite.run;
  const stopped = suite.stopped();
  if (stopped) return notRun(stopped);
  const fixtures = suite.fixtures();
  if (def.fixtures && !fixtures.ready) return notRun(`the set-up failed (${fixtures.problem ?? 'the test files are missing'})`);
  try {
    const run = () => def.run(suite.context(planned.keys));
    // A check may pass with a note (a KEY check in a read-only run names what it could not prove).
    const note = await (def.exclusive ? withRunLock(settings.runDir, def.exclusive, run) : run());
    record({ status: 'pass', reason: note ? redact(note) : undefined });
  } catch (error) {
    if (error instanceof CheckFailure) {
      const curl = error.exchange ? redact(buildCurl(error.exchange.request, secrets)) : undefined;
      if (error.exchange && !settings.readOnly) keepFilesForRepro(settings.runDir, def.id, error.exchange.request);
      const note = misdeclaredKeyNote(planned, readKeyVerdicts(settings.runDir));
      const failure = { expected: redact(error.expected), actual: redact(error.actual) + note, curl };
      record({ status: 'fail', failure });
      failWith(`${def.id} failed: expected ${failure.expected}\n  got ${failure.actual}${curl ? `\n  reproduce: ${curl}` : ''}`);
    }
    // A request that got no answer may have tripped the breaker: then the check did not run, it did not err.
    const stoppedNow = suite.stopped();
    if (stoppedNow) return notRun(stoppedNow);
    const message = redact((error as Error).message ?? String(error));
    record({ status: 'error', reason: `harness error: ${message}` });
    failWith(`${def.id} could not run (harness error): ${message}`);
  }
}

function register(run: TargetPlan, planned: PlannedCheck): void {
  const { def } = planned;
  const tag = [`@${def.area}`, `@${def.level}`];
  const identity = identityAnnotations({ id: def.id, area: def.area, level: def.level, route: def.route, target: run.index });
  if (planned.status !== 'run') {
    // A "skip" annotation makes Playwright skip the test without starting it.
    const outcome = outcomeAnnotations({ status: planned.status, reason: planned.reason });
    const annotation = [...identity, ...outcome, { type: 'skip', description: `${planned.status}: ${planned.reason}` }];
    test(def.title, { tag, annotation }, () => undefined);
    return;
  }
  test(def.title, { tag, annotation: identity }, ({ suites }) => runCheck(suites.of(run.index), planned));
}

/** Registers every planned check of the area, for each target (in a describe block per target when there are several). */
export function registerArea(area: Area): void {
  const runs = allTargetPlans();
  for (const run of runs) {
    const planned = run.plan.filter((p) => p.def.area === area);
    if (planned.length === 0) continue;
    if (runs.length === 1) planned.forEach((p) => register(run, p));
    else
      test.describe(run.target.name, () => {
        // One group per target and area: Playwright binds a whole spec file for each group it starts, so
        // thousands of one-test groups over many targets would cost more than the checks themselves.
        test.describe.configure({ mode: 'default' });
        planned.forEach((p) => register(run, p));
      });
  }
}
