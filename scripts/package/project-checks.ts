// Checks of the example project's own tooling against the installed kit: its Vitest tests and its type checking.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, tail } from './run-command.ts';
import type { ConsumerProject } from './consumer-project.ts';

/** A call the contract forbids (an unknown path, a missing path parameter); tsc must refuse it. */
const WRONG_CALLS = `import { createApiClient } from './api-client.ts';
const client = createApiClient('http://127.0.0.1:4010/api/v1', 'key');
export const unknownPath = client.GET('/workspace');
export const missingParameter = client.GET('/workspaces/{workspaceId}/buckets', {});
`;

/**
 * The example's Vitest tests (MSW in Node with fixtures and scenarios, the HTTP mock, the typed client) all pass, and the
 * run prints the contract coverage of the fixtures test: listFiles met, the scenarios' 503 and 500 as undocumented answers.
 */
export async function checkVitest(project: ConsumerProject): Promise<void> {
  const result = await runCommand(
    'npx',
    ['--no-install', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=vitest-results.json'],
    { cwd: project.dir, env: project.env },
  );
  const report = JSON.parse(readFileSync(join(project.dir, 'vitest-results.json'), 'utf8')) as {
    numPassedTests: number;
    numTotalTests: number;
  };
  if (result.code !== 0 || report.numTotalTests === 0 || report.numPassedTests !== report.numTotalTests)
    throw new Error(`vitest exit ${result.code}, ${report.numPassedTests}/${report.numTotalTests} passed:\n${tail(result.output)}`);
  const coverage = [
    /## Contract coverage: \d+ of \d+ documented answers met/,
    /\| `listFiles` GET \S+ \| \d+ \| 200 ×\d+/,
    /Answers the spec does not document: `listFiles` 503 service_unavailable ×1, `listFiles` 500 internal_server_error ×2\./,
  ];
  const missing = coverage.filter((line) => !line.test(result.output));
  if (missing.length > 0) throw new Error(`the coverage report printed after the run lacks ${missing.join(', ')}:\n${tail(result.output)}`);
}

/** `tsc --noEmit` with a Vite react-ts style tsconfig accepts the examples (typed client, window keys, MSW set-ups). */
export async function checkTypes(project: ConsumerProject): Promise<void> {
  const result = await runCommand('npx', ['--no-install', 'tsc', '--noEmit'], { cwd: project.dir, env: project.env });
  if (result.code !== 0) throw new Error(`tsc exit ${result.code}:\n${tail(result.output)}`);
}

/** The contract's types are real: tsc refuses an unknown path and a missing path parameter. */
export async function checkTypesRefuse(project: ConsumerProject): Promise<void> {
  const file = join(project.dir, 'src', 'wrong-calls.ts');
  writeFileSync(file, WRONG_CALLS);
  try {
    const result = await runCommand('npx', ['--no-install', 'tsc', '--noEmit'], { cwd: project.dir, env: project.env });
    const errorLines = result.output.split('\n').filter((line) => line.startsWith('src/wrong-calls.ts('));
    if (result.code === 0 || errorLines.length < 2)
      throw new Error(`tsc exit ${result.code} with ${errorLines.length} error(s) in wrong-calls.ts, expected 2:\n${tail(result.output)}`);
  } finally {
    rmSync(file, { force: true });
  }
}
