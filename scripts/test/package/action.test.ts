// The composite action's own logic: the run step builds the suite's command line from the inputs and records its
// exit code; the report step turns summary.json and that code into outputs and the job summary.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: plain JavaScript (it runs in the action before anything is installed); checked by these tests
import { actionOutputs, report } from '../../action/report.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  runs: { steps: { id?: string; run?: string; env?: Record<string, string> }[] };
};
const runStep = action.runs.steps.find((s) => s.id === 'run')!;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bucketkit-action-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the action's run step in bash with a stand-in for the installed bin that records its arguments. */
function runSuiteStep(inputs: Record<string, string>, binExit: number): { args: string[]; output: string } {
  const bin = join(dir, 'bucketkit-runner/node_modules/.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'bucketkit'), `#!/usr/bin/env bash\nprintf '%s\\n' "$@" > "${dir}/args"\nexit ${binExit}\n`);
  chmodSync(join(bin, 'bucketkit'), 0o755);
  writeFileSync(join(dir, 'output'), '');
  const env = { PATH: process.env.PATH, RUNNER_TEMP: dir, GITHUB_OUTPUT: join(dir, 'output'), ...inputs };
  const result = spawnSync('bash', ['-e', '-c', runStep.run!], { cwd: dir, env, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return { args: readFileSync(join(dir, 'args'), 'utf8').trimEnd().split('\n'), output: readFileSync(join(dir, 'output'), 'utf8') };
}

describe('the run step', () => {
  it('passes every input as its own argument and records a failing exit code without failing itself', () => {
    const { args, output } = runSuiteStep(
      { INPUT_CONFIG: 'deploy ments/prod.json', INPUT_LEVEL: 'core', INPUT_SHARD: '2/3', INPUT_REPORT_DIR: 'out/c 2' },
      1,
    );
    expect(args).toEqual([
      'conformance',
      '--level',
      'core',
      '--report-dir',
      'out/c 2',
      '--config',
      'deploy ments/prod.json',
      '--shard',
      '2/3',
    ]);
    expect(output).toBe('exit-code=1\n');
  });

  it('leaves out the config and shard when they are empty (the embedded mock, every check)', () => {
    const { args, output } = runSuiteStep({ INPUT_CONFIG: '', INPUT_LEVEL: 'profile', INPUT_SHARD: '', INPUT_REPORT_DIR: 'r' }, 0);
    expect(args).toEqual(['conformance', '--level', 'profile', '--report-dir', 'r']);
    expect(output).toBe('exit-code=0\n');
  });

  it('merges the named shard report dirs instead of running the suite', () => {
    const { args } = runSuiteStep(
      {
        INPUT_MERGE: 'shards/conformance-1  shards/conformance-2',
        INPUT_LEVEL: 'profile',
        INPUT_REPORT_DIR: 'merged',
        INPUT_CONFIG: 'x.json',
      },
      3,
    );
    expect(args).toEqual(['conformance', '--merge', 'shards/conformance-1', 'shards/conformance-2', '--report-dir', 'merged']);
  });

  it('takes the inputs from env, never from expressions inside the script', () => {
    expect(runStep.run).not.toMatch(/\$\{\{/);
    expect(Object.values(runStep.env ?? {})).toEqual(expect.arrayContaining(['${{ inputs.config }}', '${{ inputs.shard }}']));
  });
});

describe('the report step', () => {
  const env = (extra: Record<string, string>) => ({
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    REPORT_DIR: join(dir, 'reports'),
    ...extra,
  });
  const writeReports = (totals: object, markdown: string) => {
    mkdirSync(join(dir, 'reports'), { recursive: true });
    writeFileSync(join(dir, 'reports/summary.json'), JSON.stringify({ totals }));
    writeFileSync(join(dir, 'reports/summary.md'), markdown);
  };

  it('sets the verdict and counts from summary.json, adds summary.md to the job summary and exits with the suite code', () => {
    writeReports({ pass: 40, fail: 2, skip: 3, disabled: 1, error: 0 }, '# FAILED\n');
    expect(report(env({ EXIT_CODE: '1' }))).toBe(1);
    expect(readFileSync(join(dir, 'output'), 'utf8')).toBe('verdict=failed\npassed=40\nfailed=2\nskipped=3\nexit-code=1\n');
    expect(readFileSync(join(dir, 'summary'), 'utf8')).toBe('# FAILED\n');
  });

  it('passes a clean run', () => {
    writeReports({ pass: 331, fail: 0, skip: 0, disabled: 0, error: 0 }, '# PASSED');
    expect(report(env({ EXIT_CODE: '0' }))).toBe(0);
    expect(readFileSync(join(dir, 'output'), 'utf8')).toContain('verdict=passed\npassed=331\nfailed=0\n');
    expect(readFileSync(join(dir, 'summary'), 'utf8')).toBe('# PASSED\n');
  });

  it('reports an error and fails when the suite never ran and left no report', () => {
    expect(report(env({ EXIT_CODE: '' }))).toBe(1);
    expect(readFileSync(join(dir, 'output'), 'utf8')).toBe('verdict=error\npassed=\nfailed=\nskipped=\nexit-code=\n');
    expect(readFileSync(join(dir, 'summary'), 'utf8')).toMatch(/bucketkit conformance: error.*no summary\.md/);
  });

  it('maps every exit code of the suite to its verdict', () => {
    expect(['0', '1', '2', '3', '7'].map((code) => actionOutputs(code, undefined).verdict)).toEqual([
      'passed',
      'failed',
      'no-results',
      'error',
      'error',
    ]);
  });
});
