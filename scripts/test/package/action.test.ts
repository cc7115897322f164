// The composite action run locally, step by step as a runner runs it (scripts/test/support/action-runner.ts): the
// outputs for a passing, a failing, a failing-and-incomplete, a config-error and a baseline run, from summary.json
// fixtures the kit's own code builds and a stand-in for the installed kit.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Summary } from '../../../conformance/report/summary.ts';
import { summaryCheck } from '../../../conformance/test/support/summary-checks.ts';
import { checks, reported, STAND_IN_KIT, standInCache, summarize, type Fixture } from '../support/action-fixtures.ts';
import { loadAction, runActionLocally } from '../support/action-runner.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const action = loadAction(join(ROOT, 'action.yml'));

let temp: string;
let workspace: string;
beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'bucketkit-action-'));
  workspace = join(temp, 'workspace');
  mkdirSync(workspace);
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

function run(inputs: Record<string, string>, fixture: Fixture | undefined) {
  const kit = join(temp, 'bucketkit-runner/kit/bin');
  mkdirSync(kit, { recursive: true });
  if (fixture) writeFileSync(join(kit, 'bucketkit.js'), STAND_IN_KIT);
  const args = join(temp, 'args.json');
  const result = runActionLocally({
    action,
    actionPath: ROOT,
    workspace,
    temp,
    inputs,
    env: { FIXTURE: JSON.stringify(fixture ?? null), ARGS_FILE: args },
    uses: standInCache(true).uses,
  });
  const argv = (() => {
    try {
      return JSON.parse(readFileSync(args, 'utf8')) as string[];
    } catch {
      return undefined;
    }
  })();
  return { ...result, argv };
}

const counts = (o: Record<string, string>) =>
  ['passed', 'failed', 'skipped', 'not-run', 'not-served', 'new-failures', 'known-failures', 'exit-code']
    .map((k) => `${k}=${o[k]}`)
    .join(' ');

describe('the action, run step by step', () => {
  it('passes a clean run on the runner’s own Node, adds summary.md to the job summary, and builds nothing on a cache hit', () => {
    const r = run({}, reported(summarize([...checks('pass', 'A-1', 'A-2', 'A-3'), summaryCheck('S-1', 'skip')])));
    expect(r.outputs.verdict).toBe('passed');
    expect(counts(r.outputs)).toBe('passed=3 failed=0 skipped=1 not-run=0 not-served=0 new-failures=0 known-failures=0 exit-code=0');
    expect(r.argv).toEqual(['conformance', '--level', 'profile', '--report-dir', 'reports/conformance']);
    expect(r.summary).toMatch(/^# bucketkit conformance: PASSED\n/);
    expect(r.steps.prepare.outputs.node).toBe(process.execPath);
    expect(r.steps['fetch-node'].outcome).toBe('skipped');
    expect(r.steps['Build and install the kit'].outcome).toBe('skipped');
    expect(r.steps.report).toMatchObject({ outcome: 'success', exitCode: 0 });
  });

  it('fails a run with failing checks and fails the step with exit 1', () => {
    const r = run(
      { config: 'deployment.json', shard: '1/2' },
      reported(summarize([...checks('fail', 'F-1', 'F-2'), ...checks('pass', 'P-1')])),
    );
    expect(r.outputs.verdict).toBe('failed');
    expect(counts(r.outputs)).toBe('passed=1 failed=2 skipped=0 not-run=0 not-served=0 new-failures=2 known-failures=0 exit-code=1');
    expect(r.argv).toEqual([
      'conformance',
      '--level',
      'profile',
      '--report-dir',
      'reports/conformance',
      '--config',
      'deployment.json',
      '--shard',
      '1/2',
    ]);
    expect(r.steps.report).toMatchObject({ outcome: 'failure', exitCode: 1 });
  });

  it('calls a run that found failures and could not finish the rest failed, whatever exit code the kit gives it', () => {
    const stop = { exitCode: 2 as const, reason: 'the deployment stopped answering' };
    const notRun = checks('error', 'N-1', 'N-2', 'N-3').map((c) => ({ ...c, reason: `not run: ${stop.reason}` }));
    const fixture = reported(summarize([...checks('fail', 'F-1'), ...checks('pass', 'P-1'), ...notRun], { incomplete: stop }));
    for (const exit of new Set([fixture.exit, 1, 2])) {
      const r = run({}, { ...fixture, exit });
      expect(r.outputs.verdict, `exit ${exit}`).toBe('failed');
      expect(counts(r.outputs)).toBe(
        `passed=1 failed=1 skipped=0 not-run=3 not-served=0 new-failures=1 known-failures=0 exit-code=${exit}`,
      );
    }
  });

  it('calls a run that could not verify everything, with nothing failed, incomplete', () => {
    const r = run({}, reported(summarize([...checks('pass', 'P-1'), summaryCheck('E-1', 'error', { reason: 'harness error: boom' })])));
    expect(r.outputs.verdict).toBe('incomplete');
    expect(counts(r.outputs)).toBe('passed=1 failed=0 skipped=0 not-run=1 not-served=0 new-failures=0 known-failures=0 exit-code=2');
  });

  it('reports a config error (exit 3) without counts, and never an earlier run’s summary.json as this one’s', () => {
    const old = join(workspace, 'reports/conformance');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'summary.json'), JSON.stringify(reported(summarize(checks('pass', 'OLD-1'))).summary));
    writeFileSync(join(old, 'summary.md'), '# bucketkit conformance: PASSED (an earlier run)\n');
    const yesterday = Date.now() / 1000 - 86_400;
    utimesSync(join(old, 'summary.json'), yesterday, yesterday);
    const r = run({ config: 'missing.json' }, { exit: 3 });
    expect(r.outputs.verdict).toBe('config-error');
    expect(counts(r.outputs)).toBe('passed= failed= skipped= not-run= not-served= new-failures= known-failures= exit-code=3');
    expect(r.summary).toContain('**bucketkit conformance: config-error** (exit 3): no summary of this run');
    expect(r.steps.report.exitCode).toBe(3);
  });

  it('judges a run against its baseline: known failures pass, and new-failures and known-failures say which is which', () => {
    const known = ['K-1', 'K-2', 'K-3'].map((id) => ({ id, reason: 'not built yet' }));
    const passing = run(
      { baseline: 'known.json' },
      reported(summarize([...checks('fail', 'K-1', 'K-2', 'K-3'), ...checks('pass', 'P-1')]), known),
    );
    expect(passing.argv).toEqual(['conformance', '--level', 'profile', '--report-dir', 'reports/conformance', '--baseline', 'known.json']);
    expect(passing.outputs.verdict).toBe('passed');
    expect(counts(passing.outputs)).toBe('passed=1 failed=3 skipped=0 not-run=0 not-served=0 new-failures=0 known-failures=3 exit-code=0');
    expect(passing.summary).toContain('## Baseline');
    const failing = run(
      { baseline: 'known.json' },
      reported(summarize([...checks('fail', 'K-1', 'N-1'), ...checks('pass', 'P-1')]), known),
    );
    expect(failing.outputs.verdict).toBe('failed');
    expect(counts(failing.outputs)).toBe('passed=1 failed=2 skipped=0 not-run=0 not-served=0 new-failures=1 known-failures=1 exit-code=1');
  });

  it('merges shard reports with the baseline', () => {
    const r = run(
      { merge: 'shards/c-1  shards/c-2', baseline: 'known.json', config: 'x.json' },
      reported(summarize(checks('pass', 'P-1'))),
    );
    expect(r.argv).toEqual([
      'conformance',
      '--merge',
      'shards/c-1',
      'shards/c-2',
      '--report-dir',
      'reports/conformance',
      '--baseline',
      'known.json',
    ]);
  });

  it('counts checks of routes the deployment does not serve once the kit reports them', () => {
    const fixture = reported(summarize(checks('pass', 'P-1')));
    const r = run(
      {},
      { ...fixture, summary: { ...fixture.summary!, totals: { ...fixture.summary!.totals, unserved: 4 } as Summary['totals'] } },
    );
    expect(r.outputs['not-served']).toBe('4');
  });

  it('is an error, with no counts, when the kit left no report at all', () => {
    const r = run({}, undefined);
    expect(r.outputs.verdict).toBe('error');
    expect(r.outputs.passed).toBe('');
    expect(r.steps.report.outcome).toBe('failure');
  });

  it('refuses a node-version the kit cannot run on as a config error, before installing anything', () => {
    for (const version of ['18', 'eighteen']) {
      const r = run({ 'node-version': version }, reported(summarize(checks('pass', 'P-1'))));
      expect(r.outputs.verdict).toBe('config-error');
      expect(r.outputs['exit-code']).toBe('3');
      expect(r.steps['Build and install the kit'].outcome).toBe('skipped');
      expect(r.log).toMatch(/::error title=bucketkit::node-version/);
    }
  });
});
