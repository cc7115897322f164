// The set-up project, per target: verifies that each configured key behaves as
// declared, then prepares the shared test files under the run prefix (the
// teardown project removes them), instead of a globalSetup. A set-up that could
// not prepare everything says why; the checks that needed it report "not run".
import { test } from '../runtime/suite-fixtures.ts';
import type { SuiteWorker } from '../runtime/suite-fixtures.ts';
import { createWorkerFiles } from '../runtime/disposable-files.ts';
import { prepareFixtures } from '../runtime/prepare-fixtures.ts';
import { writeFixtures, writeStop } from '../runtime/run-files.ts';
import { verifyKeys, writeKeyVerdicts } from '../runtime/key-verdicts.ts';
import { allTargetPlans } from '../runtime/run-plan.ts';
import { NOTE, plain } from '../runtime/check-annotations.ts';
import { EXPECTED_FAILURE_NOTE } from '../runtime/register-checks.ts';
import { canCreateFixtures } from '../plan/planner.ts';

/** Sets up one target; returns what it could not do, or undefined. */
async function setUp(suite: SuiteWorker): Promise<string | undefined> {
  const { settings, plan, redact } = suite.run;
  const verdicts = await verifyKeys(plan, suite.context, redact);
  writeKeyVerdicts(settings.runDir, verdicts);
  for (const [key, problem] of Object.entries(verdicts)) console.warn(`set-up: the key "${key}" does not behave as declared: ${problem}`);
  let counter = 0;
  const unique = () => `${settings.runId.slice(-6).toLowerCase()}s${++counter}`;
  // Not the worker's own files: these must outlive this worker, so only the teardown project removes them.
  const files = createWorkerFiles(suite.api, settings, 0, unique);
  const fixtures = await prepareFixtures(suite.api, settings, files, unique);
  writeFixtures(settings.runDir, fixtures);
  const stopped = suite.stopped();
  if (stopped) return stopped;
  if (!fixtures.ready && canCreateFixtures(settings)) return `could not prepare the test files: ${fixtures.problem ?? 'unknown reason'}`;
  if (fixtures.problem) console.warn(`set-up: no shared test files (${fixtures.problem})`);
  return undefined;
}

for (const run of allTargetPlans()) {
  const annotation = [{ type: NOTE.setup, description: String(run.index) }];
  const body = () =>
    test('verify the keys and prepare the shared test files', { annotation }, async ({ suites }) => {
      const suite = suites.of(run.index);
      const stopped = suite.stopped();
      if (stopped) return test.skip(true, `not run: ${stopped}`);
      const problem = await setUp(suite).catch((error: Error) => {
        // A set-up that crashed leaves nothing the checks can rely on: the whole target stops.
        const reason = `the set-up failed (${plain(run.redact(error.message))})`;
        writeStop(run.settings.runDir, { exitCode: 2, reason });
        return reason;
      });
      if (!problem) return;
      test.info().annotations.push({ type: NOTE.setupProblem, description: plain(run.redact(problem)) });
      test.fail(true, EXPECTED_FAILURE_NOTE);
      throw new Error(`the set-up failed: ${plain(run.redact(problem))}`);
    });
  if (allTargetPlans().length === 1) body();
  else test.describe(run.target.name, body);
}
