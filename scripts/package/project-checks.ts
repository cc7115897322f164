// Checks of the example project's own tooling against the installed kit: its Vitest tests and its type checking.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, tail } from './run-command.ts';
import type { ConsumerProject } from './consumer-project.ts';

/**
 * Calls the contract forbids, written into the project for one tsc run: each wrong line names the error tsc must
 * give it (`// tsc: TS2345`), and no other line of the project may have one.
 */
const WRONG_CALLS: Record<string, string> = {
  'src/wrong-client-calls.ts': `import { createApiClient } from './api-client.ts';
const client = createApiClient('http://127.0.0.1:4010/api/v1', 'key');
export const unknownPath = client.GET('/workspace'); // tsc: TS2554 a path the contract lacks
export const missingParameter = client.GET('/workspaces/{workspaceId}/buckets', {}); // tsc: TS2345 a missing path parameter
`,
  'e2e/wrong-fixture-calls.ts': `import { testFor, type KitKeyName } from 'bucketkit/playwright';
const test = testFor<KitKeyName>();
test('calls the contract refuses', async ({ keys }) => {
  await keys.full.call('listFilez'); // tsc: TS2345 an operation the contract lacks
  await keys.full.call('updateFile', { fileId: 'f', json: { tagz: ['x'] } }); // tsc: TS2353 a body field the operation lacks
  await keys.full.call('updateFile', { json: { tags: ['x'] } }); // tsc: TS2345 a missing path parameter
  await keys.fulll.call('listWorkspaces'); // tsc: TS2551 a key the config lacks
  await keys.restricted.call('updateFile', { fileId: 'f', json: { tags: ['x'] } }); // a correct call: no error
});
`,
};

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

/**
 * One `tsc --noEmit` (a Vite react-ts style tsconfig) over the project with the wrong calls added: it accepts the
 * examples (the typed client, the window keys, the MSW set-ups, the own tests typed by the key plan and the
 * contract) and refuses each wrong call with the error it names, and nothing else.
 */
export async function checkTypes(project: ConsumerProject): Promise<void> {
  const expected = Object.entries(WRONG_CALLS).flatMap(([file, text]) =>
    text.split('\n').flatMap((line, i) => {
      const code = /\/\/ tsc: (TS\d+)/.exec(line)?.[1];
      return code ? [`${file}:${i + 1} ${code}`] : [];
    }),
  );
  for (const [file, text] of Object.entries(WRONG_CALLS)) writeFileSync(join(project.dir, file), text);
  try {
    const result = await runCommand('npx', ['--no-install', 'tsc', '--noEmit'], { cwd: project.dir, env: project.env });
    const errors = [...result.output.matchAll(/^(\S+?)\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
    const unexpected = errors.filter((e) => !expected.includes(e));
    const missing = expected.filter((e) => !errors.includes(e));
    if (unexpected.length || missing.length || result.code === 0)
      throw new Error(
        `tsc exit ${result.code}; errors tsc should not give: ${unexpected.join(', ') || 'none'}; refusals it did not give: ` +
          `${missing.join(', ') || 'none'}:\n${tail(result.output)}`,
      );
  } finally {
    for (const file of Object.keys(WRONG_CALLS)) rmSync(join(project.dir, file), { force: true });
  }
}
