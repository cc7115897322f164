// The action's install wiring and a real run, locally: on a cache miss the install step runs on the chosen Node and
// the cache is saved under the key the restore looked for; and the real kit runs against the embedded mock through
// the action's steps, judged against a baseline.
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SummaryWithBaseline } from '../../../conformance/report/run-verdict.ts';
import { checks, reported, STAND_IN_KIT, standInCache, summarize } from '../support/action-fixtures.ts';
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

describe('installing and running the kit through the action', () => {
  it('on a cache miss builds and installs the kit, then saves it under the key the restore looked for', () => {
    // A copy of the action whose install script puts the stand-in kit in place, so the wiring runs without a build.
    const actionPath = join(temp, 'action');
    cpSync(join(ROOT, 'scripts/action'), join(actionPath, 'scripts/action'), { recursive: true });
    cpSync(join(ROOT, 'package-lock.json'), join(actionPath, 'package-lock.json'));
    const install = `mkdir -p "$RUNNER_DIR/kit/bin" && printf '%s' "$STAND_IN" > "$RUNNER_DIR/kit/bin/bucketkit.js" && echo "built on $BUCKETKIT_NODE"\n`;
    writeFileSync(join(actionPath, 'scripts/action/install-kit.sh'), install);
    chmodSync(join(actionPath, 'scripts/action/install-kit.sh'), 0o755);
    const { saved, uses } = standInCache(false);
    const fixture = reported(summarize(checks('pass', 'P-1')));
    const r = runActionLocally({
      action,
      actionPath,
      workspace,
      temp,
      env: { FIXTURE: JSON.stringify(fixture), ARGS_FILE: join(temp, 'args.json'), STAND_IN: STAND_IN_KIT },
      uses,
    });
    expect(r.log).toContain(`built on ${process.execPath}`);
    expect(saved).toEqual([r.steps.prepare.outputs['kit-key']]);
    expect(r.steps.prepare.outputs['kit-key']).toMatch(/^bucketkit-Linux-X64-kit-[0-9a-f]{16}-lock-[0-9a-f]{12}$/);
    expect(r.outputs.verdict).toBe('passed');
  });

  it('runs the real kit against the embedded mock and judges it against a baseline', () => {
    const kit = join(temp, 'bucketkit-runner/kit/bin');
    mkdirSync(kit, { recursive: true });
    symlinkSync(join(ROOT, 'bin/bucketkit.js'), join(kit, 'bucketkit.js'));
    writeFileSync(
      join(workspace, 'known.json'),
      JSON.stringify({
        known: [
          { id: 'PATH-listWorkspaces-served', reason: 'was broken last week' },
          { id: 'LIST-semantic-ranked', reason: 'ranking not built yet' },
        ],
      }),
    );
    const r = runActionLocally({
      action,
      actionPath: ROOT,
      workspace,
      temp,
      inputs: { level: 'core', baseline: 'known.json' },
      env: { BUCKETKIT_GREP: 'PATH-list(Workspaces|Buckets)-served:', BUCKETKIT_WORKERS: '1' },
      uses: standInCache(true).uses,
    });
    expect(r.outputs, r.log).toMatchObject({ verdict: 'passed', passed: '2', failed: '0', 'new-failures': '0', 'exit-code': '0' });
    const summary = JSON.parse(readFileSync(join(workspace, 'reports/conformance/summary.json'), 'utf8')) as SummaryWithBaseline;
    expect(summary.baseline?.fixed.map((f) => f.id)).toEqual(['PATH-listWorkspaces-served']);
    expect(summary.baseline?.notChecked.map((f) => [f.id, f.status])).toEqual([['LIST-semantic-ranked', 'not selected']]);
    expect(r.summary).toContain('### Fixed: in the baseline, passing now (remove them from it) (1)');
  }, 60_000);
});
