// Checks of the installed conformance suite in a consumer project: the suite and the project's own typed tests
// against the HTTP mock with the config the mock wrote for itself, and the own tests against a leaking embedded mock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectThat, withMock } from './cli-checks.ts';
import type { MockBanner } from './mock-banner.ts';
import { runCommand, tail } from './run-command.ts';
import type { Steps } from './steps.ts';
import type { ConsumerProject } from './consumer-project.ts';

interface SummaryPart {
  checks: { id: string; status: string }[];
  totals: { pass: number; fail: number; error: number };
  userTests?: { title: string; status: string; error?: string }[];
}

const summaryOf = (project: ConsumerProject, dir: string) =>
  JSON.parse(readFileSync(join(project.dir, dir, 'summary.json'), 'utf8')) as SummaryPart;

/** The config file the mock wrote: every banner key, in its order, with its env var and no token; the banner exports each. */
function checkWrittenConfig(project: ConsumerProject, banner: MockBanner): void {
  const text = readFileSync(join(project.dir, 'deployment.json'), 'utf8');
  const config = JSON.parse(text) as { baseUrl: string; workspaceId: string; keys: { name: string; tokenEnv?: string; token?: string }[] };
  expectThat(config.baseUrl === banner.baseUrl, `the config's baseUrl ${config.baseUrl} is not the mock's ${banner.baseUrl}`);
  expectThat(banner.workspaceIds.includes(config.workspaceId), `the config's workspace ${config.workspaceId} is not the mock's`);
  const names = config.keys.map((k) => k.name);
  expectThat(
    names.join() === Object.keys(banner.keys).join(),
    `the config declares ${names.join()}, the banner ${Object.keys(banner.keys).join()}`,
  );
  expectThat(names.length >= 3 && ['full', 'readonly', 'restricted'].every((n) => names.includes(n)), `the config's keys: ${names.join()}`);
  const envs = config.keys.map((k) => k.tokenEnv ?? '');
  expectThat(
    envs.join() === Object.keys(banner.env).join(),
    `the config reads ${envs.join()}, the banner exports ${Object.keys(banner.env).join()}`,
  );
  expectThat(
    config.keys.every((k) => k.token === undefined),
    'the config file holds a "token" field',
  );
  const leaked = Object.values(banner.keys).filter((token) => text.includes(token));
  expectThat(leaked.length === 0, `the config file holds ${leaked.length} of the mock's tokens`);
}

/** `npx bucketkit conformance --config deployment.json --grep KEY-`: every key of the config behaves as it declares. */
async function checkKeysAsDeclared(project: ConsumerProject, env: NodeJS.ProcessEnv, keyCount: number): Promise<void> {
  // One worker: each worker loads the whole suite, and on two shared cores a second one costs more than it saves.
  const options = ['--config', 'deployment.json', '--grep', 'KEY-', '--workers', '1', '--report-dir', 'reports/mock-keys'];
  const result = await runCommand('npx', ['--no-install', 'bucketkit', 'conformance', ...options], {
    cwd: project.dir,
    env,
    timeoutMs: 240_000,
  });
  expectThat(result.code === 0, `exit ${result.code}:\n${tail(result.output)}`);
  const summary = summaryOf(project, 'reports/mock-keys');
  const keyChecks = summary.checks.filter((c) => c.id.startsWith('KEY-'));
  expectThat(
    keyChecks.length === keyCount && keyChecks.every((c) => c.status === 'pass') && summary.totals.fail === 0 && summary.totals.error === 0,
    `${keyChecks.filter((c) => c.status === 'pass').length} of ${keyCount} KEY checks passed; totals ${JSON.stringify(summary.totals)}`,
  );
}

/** The project's own Playwright tests (`npx playwright test`, its playwright.config.ts) in `env`; resolves with its report dir's summary. */
async function runOwnTests(
  project: ConsumerProject,
  env: NodeJS.ProcessEnv,
  reportDir: string,
): Promise<{ code: number; output: string; summary: SummaryPart }> {
  const result = await runCommand('npx', ['--no-install', 'playwright', 'test'], {
    cwd: project.dir,
    // Three tests: one worker, as for the suite's run (each worker loads the kit).
    env: { ...env, BUCKETKIT_REPORT_DIR: reportDir, BUCKETKIT_WORKERS: '1' },
    timeoutMs: 240_000,
  });
  return { ...result, summary: summaryOf(project, reportDir) };
}

/**
 * `npx bucketkit mock --write-config deployment.json`, as the docs show it first: the config it writes fits the
 * running mock (every banner key, its env var, no token); with the export lines it printed, the suite finds every
 * key as declared, and the project's own typed tests pass against the mock under that config.
 */
export async function checkMockWithItsConfig(project: ConsumerProject, steps: Steps): Promise<void> {
  await withMock(project, ['--write-config', 'deployment.json'], async (banner) => {
    const env = { ...project.env, ...banner.env };
    const written = await steps.run(
      'npx bucketkit mock --write-config writes the config of the running mock: every banner key with its env var, no token',
      () => checkWrittenConfig(project, banner),
    );
    const notRun = () => Promise.reject(new Error('not run: the written config is wrong'));
    await Promise.all([
      steps.run('npx bucketkit conformance --config on that config passes against the mock: every key is as it declares', () =>
        written ? checkKeysAsDeclared(project, env, Object.keys(banner.keys).length) : notRun(),
      ),
      steps.run("the project's own typed Playwright tests pass against the mock with that config and the printed exports", async () => {
        if (!written) return notRun();
        const run = await runOwnTests(project, { ...env, BUCKETKIT_CONFIG: 'deployment.json' }, 'reports/own-mock');
        const own = run.summary.userTests ?? [];
        expectThat(run.code === 0, `exit ${run.code}:\n${tail(run.output)}`);
        expectThat(own.length === 3 && own.every((t) => t.status === 'passed'), `user tests ${JSON.stringify(own)}`);
      }),
    ]);
  });
}

/**
 * The project's own tests against the embedded mock leaking another bucket's trashed files to a one-bucket key: the
 * trash test fails on the bucketIds rule (its own assertions pass: the kit judged its exchange), the others pass.
 */
export async function checkOwnTestsCatchALeak(project: ConsumerProject): Promise<void> {
  const run = await runOwnTests(project, { ...project.env, BUCKETKIT_FAULTS: 'trash-listing-spans-buckets' }, 'reports/own-leaky');
  expectThat(run.code === 1, `against a leaking mock: exit ${run.code}, expected 1:\n${tail(run.output)}`);
  const judged = run.summary.userTests ?? [];
  // The team's test asserts a 200 only; the rule finds the other bucket's trashed file in the answer.
  const trash = judged.find((t) => t.title.includes('trash'));
  expectThat(trash?.status === 'failed' && /the rule "bucket-limits"/.test(trash.error ?? ''), `the trash test: ${JSON.stringify(trash)}`);
  const others = judged.filter((t) => t !== trash);
  expectThat(others.length === 2 && others.every((t) => t.status === 'passed'), `user tests ${JSON.stringify(judged)}`);
}
