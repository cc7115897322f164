// --baseline on the command line: read from the flag or BUCKETKIT_BASELINE, a bad file stops the command with exit 3
// before anything runs, and --merge judges the merged run against it (summary.json, summary.md, exit code).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../cli/cli-args.ts';
import type { SummaryWithBaseline } from '../report/run-verdict.ts';
import { buildSummary, type SummaryCheck } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import { summaryCheck } from './support/summary-checks.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
const EMBEDDED = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' };
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [BIN, 'conformance', ...args], { encoding: 'utf8', timeout: 60_000, env: { ...EMBEDDED, ...env } });

describe('the --baseline option', () => {
  it('comes from the flag or BUCKETKIT_BASELINE; an empty variable is no baseline', () => {
    expect(parseArgs(['--baseline', 'known.json'], {}).baseline).toBe('known.json');
    expect(parseArgs([], { BUCKETKIT_BASELINE: 'old/summary.json' }).baseline).toBe('old/summary.json');
    expect(parseArgs(['--baseline', 'a.json'], { BUCKETKIT_BASELINE: 'b.json' }).baseline).toBe('a.json');
    expect(parseArgs([], { BUCKETKIT_BASELINE: '' }).baseline).toBeUndefined();
    expect(() => parseArgs(['--baseline'], {})).toThrow(/--baseline needs a value/);
  });

  it('stops a run with exit 3 naming the entry and field, before any check runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-baseline-cli-'));
    writeFileSync(join(dir, 'known.json'), JSON.stringify({ known: [{ id: 'LIST-semantic-ranked', expires: '2027-01-31' }] }));
    const run = cli(['--baseline', join(dir, 'known.json'), '--report-dir', join(dir, 'out')]);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('known[0] (LIST-semantic-ranked).reason must say why the check fails');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe('--merge with a baseline', () => {
  const shard = (dir: string, part: string, checks: SummaryCheck[]) =>
    writeReports(
      dir,
      buildSummary(
        { runId: `bk${part[0]}`, baseUrl: 'http://h/api/v1', level: 'profile', readOnly: false, shard: part, checks, harnessProblems: [] },
        ['GET /a'],
      ),
    );
  const setUp = (known: object[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-baseline-merge-'));
    shard(join(dir, 's1'), '1/2', [summaryCheck('LIST-a', 'fail'), summaryCheck('LIST-b', 'pass')]);
    shard(join(dir, 's2'), '2/2', [summaryCheck('LIST-c', 'fail'), summaryCheck('LIST-d', 'skip', { reason: 'needs a key' })]);
    writeFileSync(join(dir, 'known.json'), JSON.stringify({ known }));
    const merge = cli([
      '--merge',
      join(dir, 's1'),
      join(dir, 's2'),
      '--baseline',
      join(dir, 'known.json'),
      '--report-dir',
      join(dir, 'out'),
    ]);
    const summary = JSON.parse(readFileSync(join(dir, 'out/summary.json'), 'utf8')) as SummaryWithBaseline;
    return { merge, summary, markdown: readFileSync(join(dir, 'out/summary.md'), 'utf8') };
  };

  it('fails for a failure outside the baseline and names it in summary.json and summary.md', () => {
    const { merge, summary, markdown } = setUp([
      { id: 'LIST-a', reason: 'ranking not built yet' },
      { id: 'LIST-b', reason: 'was broken' },
      { id: 'LIST-d', reason: 'needs agent:run' },
    ]);
    expect(merge.status).toBe(1);
    expect(merge.stdout.trim().split('\n').at(-1)).toBe(
      'FAILED (exit 1): 1 new failure (1 known failure in the baseline, 1 fixed); 2 checks failed.',
    );
    expect(summary.baseline?.newFailures.map((f) => f.id)).toEqual(['LIST-c']);
    expect(summary.baseline?.knownFailures).toEqual([{ id: 'LIST-a', reason: 'ranking not built yet' }]);
    expect(summary.baseline?.fixed.map((f) => f.id)).toEqual(['LIST-b']);
    expect(summary.baseline?.notChecked.map((f) => [f.id, f.status])).toEqual([['LIST-d', 'skip']]);
    expect(markdown).toMatch(/^# bucketkit conformance: FAILED\n/);
    expect(markdown).toContain('### Newly failing (1)\n\n- `LIST-c`: LIST-c works');
  });

  it('passes when every failure is known', () => {
    const { merge, summary, markdown } = setUp([
      { id: 'LIST-a', reason: 'ranking not built yet' },
      { id: 'LIST-c', reason: 'paging not built yet', expires: '2999-12-31' },
    ]);
    expect(merge.status).toBe(0);
    expect(merge.stdout).toContain('PASSED (exit 0): 1 check passed with 2 known failures in the baseline, none new.');
    expect(summary.baseline?.newFailures).toEqual([]);
    expect(markdown).toMatch(/^# bucketkit conformance: PASSED\n/);
  });
});
