// The set-up project: verifies that each configured key behaves as declared,
// then prepares the shared test files under the run prefix (the teardown
// project removes them), instead of a globalSetup.
import { test } from '../runtime/suite-fixtures.ts';
import { createWorkerFiles } from '../runtime/disposable-files.ts';
import { prepareFixtures } from '../runtime/prepare-fixtures.ts';
import { writeFixtures } from '../runtime/run-files.ts';
import { verifyKeys, writeKeyVerdicts } from '../runtime/key-verdicts.ts';

test('verify the keys and prepare the shared test files', async ({ suite }) => {
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
  if (fixtures.problem) console.warn(`set-up: ${fixtures.problem}`);
});
