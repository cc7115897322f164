// --baseline on the command line: read from the flag or BUCKETKIT_BASELINE, a bad file stops the command with exit 3
// before anything runs, and --merge judges the merged run against it (summary.json, summary.md, exit code).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../config/cli-args.ts';
import type { SummaryWithBaseline } from '../report/run-verdict.ts';
import type { Summary } from '../report/summary.ts';
import { conformanceCli } from './support/cli-async.ts';

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
  // Two real shards of a run against the embedded mock with a planted fault: the merge reads their blob reports.
  const root = mkdtempSync(join(tmpdir(), 'bk-baseline-merge-'));
  let failed: string[] = [];
  let passed: string[] = [];
  beforeAll(async () => {
    const shard = (part: string) =>
      conformanceCli([
        '--fault',
        'missing-key-accepted',
        '--grep',
        'AUTH-list(Workspaces|Buckets|Files)-|PATH-listWorkspaces-served:',
        '--shard',
        part,
        '--report-dir',
        join(root, `s${part[0]}`),
      ]);
    const runs = await Promise.all([shard('1/2'), shard('2/2')]);
    for (const run of runs) expect([0, 1], run.stdout.slice(-1500) + run.stderr).toContain(run.status);
    const checks = ['s1', 's2'].flatMap((s) => (JSON.parse(readFileSync(join(root, s, 'summary.json'), 'utf8')) as Summary).checks);
    failed = checks.filter((c) => c.status === 'fail').map((c) => c.id);
    passed = checks.filter((c) => c.status === 'pass').map((c) => c.id);
  }, 300_000);

  const merge = (name: string, known: object[]) => {
    const dir = join(root, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'known.json'), JSON.stringify({ known }));
    const run = cli([
      '--merge',
      join(root, 's1'),
      join(root, 's2'),
      '--baseline',
      join(dir, 'known.json'),
      '--report-dir',
      join(dir, 'out'),
    ]);
    const summary = JSON.parse(readFileSync(join(dir, 'out/summary.json'), 'utf8')) as SummaryWithBaseline;
    return { run, summary, markdown: readFileSync(join(dir, 'out/summary.md'), 'utf8') };
  };
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

  it('fails for a failure outside the baseline and names it in summary.json and summary.md', () => {
    // The fault makes several checks fail; all but one are known, and one passing check is listed as still failing.
    expect(failed.length).toBeGreaterThan(1);
    expect(passed.length).toBeGreaterThan(0);
    const [fresh, ...known] = failed;
    const { run, summary, markdown } = merge('new', [
      ...known.map((id) => ({ id, reason: 'missing keys accepted until the gateway is fixed' })),
      { id: passed[0], reason: 'was broken' },
    ]);
    const reason = `1 new failure (${plural(known.length, 'known failure')} in the baseline, 1 fixed); ${plural(failed.length, 'check')} failed.`;
    expect(run.status).toBe(1);
    // summary.json carries the verdict the console's last line gives, the baseline applied.
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`FAILED (exit 1): ${reason}`);
    expect(summary.verdict).toEqual({ name: 'FAILED', exitCode: 1, reason });
    expect(summary.baseline?.newFailures.map((f) => f.id)).toEqual([fresh]);
    expect(summary.baseline?.knownFailures.map((f) => f.id).sort()).toEqual([...known].sort());
    expect(summary.baseline?.fixed.map((f) => f.id)).toEqual([passed[0]]);
    expect(markdown).toMatch(/^# bucketkit conformance: FAILED\n/);
    expect(markdown).toContain(`### Newly failing (1)\n\n- \`${fresh}\``);
  });

  it('passes when every failure is known', () => {
    const { run, summary, markdown } = merge(
      'known',
      failed.map((id) => ({ id, reason: 'missing keys accepted until the gateway is fixed', expires: '2999-12-31' })),
    );
    expect(run.status).toBe(0);
    // Each shard's summary.json says FAILED (its own failures, no baseline); the merged one is judged again.
    const shardVerdicts = ['s1', 's2'].map(
      (s) => (JSON.parse(readFileSync(join(root, s, 'summary.json'), 'utf8')) as Summary).verdict?.name,
    );
    expect(shardVerdicts).toContain('FAILED');
    expect(summary.verdict?.name).toBe('PASSED');
    expect(summary.verdict?.reason).toMatch(new RegExp(`with ${plural(failed.length, 'known failure')} in the baseline, none new\\.$`));
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`${summary.verdict!.name} (exit 0): ${summary.verdict!.reason}`);
    expect(summary.baseline?.newFailures).toEqual([]);
    expect(markdown).toMatch(/^# bucketkit conformance: PASSED\n/);
  });
});
