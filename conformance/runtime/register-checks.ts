// Registers the planned checks of one area as Playwright tests: skipped and
// disabled ones with their reason, the others run with their record written
// and every message redacted.
import type { Area } from '../config/config-types.ts';
import { buildCurl } from '../http/curl.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { CheckFailure } from '../checks/assert.ts';
import { currentRun } from './run-plan.ts';
import { withRunLock } from './run-lock.ts';
import { writeRecord, type CheckRecord } from './run-files.ts';
import { keepFilesForRepro } from './keep-repro-files.ts';
import { misdeclaredKeyNote, readKeyVerdicts } from './key-verdicts.ts';
import { test } from './suite-fixtures.ts';

function register(planned: PlannedCheck): void {
  const { def } = planned;
  const tag = [`@${def.area}`, `@${def.level}`];
  const requirement = { type: 'requirement', description: def.id };
  if (planned.status !== 'run') {
    // A "skip" annotation makes Playwright skip the test without starting it; the summary takes the reason from the plan.
    test(
      def.title,
      { tag, annotation: [requirement, { type: 'skip', description: `${planned.status}: ${planned.reason}` }] },
      () => undefined,
    );
    return;
  }
  test(def.title, { tag, annotation: [requirement] }, async ({ suite }) => {
    const { settings, redact, secrets } = suite.run;
    const save = (record: Omit<CheckRecord, 'id'>) => writeRecord(settings.runDir, { id: def.id, ...record });
    const started = Date.now();
    try {
      const fixtures = suite.fixtures();
      if (def.fixtures && !fixtures.ready)
        throw new Error(`the set-up could not prepare the test files (${fixtures.problem ?? 'unknown reason'})`);
      const run = () => def.run(suite.context(planned.keys));
      await (def.exclusive ? withRunLock(settings.runDir, def.exclusive, run) : run());
      save({ status: 'pass', durationMs: Date.now() - started });
    } catch (error) {
      if (error instanceof CheckFailure) {
        const curl = error.exchange ? redact(buildCurl(error.exchange.request, secrets)) : undefined;
        if (error.exchange && !settings.readOnly) keepFilesForRepro(settings.runDir, def.id, error.exchange.request);
        const note = misdeclaredKeyNote(planned, readKeyVerdicts(settings.runDir));
        const failure = { expected: redact(error.expected), actual: redact(error.actual) + note, curl };
        save({ status: 'fail', failure, durationMs: Date.now() - started });
        // The self-test runs suites that must fail: an expected failure keeps Playwright's worker alive
        // (it restarts a worker after every unexpected one). The verdict still comes from this record.
        if (process.env.BUCKETKIT_EXPECT_FAILURES === '1') test.fail();
        throw new Error(`${def.id} failed: expected ${failure.expected}\n  got ${failure.actual}${curl ? `\n  reproduce: ${curl}` : ''}`);
      }
      const message = redact((error as Error).message ?? String(error));
      save({ status: 'error', reason: `harness error: ${message}`, durationMs: Date.now() - started });
      throw new Error(`${def.id} could not run (harness error): ${message}`);
    }
  });
}

/** Registers every planned check of the area. */
export function registerArea(area: Area): void {
  for (const planned of currentRun().plan.filter((p) => p.def.area === area)) register(planned);
}
