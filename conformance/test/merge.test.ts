// --merge: an incomplete or inconsistent shard set is refused (exit 3) with the
// reason, a missing report dir is named, and the merged report dir gets a JUnit
// XML of every check (from the shards' blob reports, see sharding.test.ts); an unknown command is a bad option (exit 3).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../report/junit.ts';
import { readShardParts } from '../report/merge-reports.ts';
import { mergeSummaries, ShardSetError } from '../report/shard-set.ts';
import { summaryCheck } from './support/summary-checks.ts';
import { buildSummary, type Summary, type SummaryCheck } from '../report/summary.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
const routes = ['GET /a', 'POST /b'];
const check = summaryCheck;
const shard = (runId: string, shardOf: string | undefined, checks: SummaryCheck[], over: Partial<Summary> = {}) =>
  buildSummary(
    {
      runId,
      baseUrl: 'https://files.example.com/api/v1',
      level: 'profile',
      readOnly: false,
      shard: shardOf,
      checks,
      harnessProblems: [],
      ...over,
    },
    routes,
  );
const refusal = (parts: Summary[]) => {
  try {
    mergeSummaries(
      parts,
      routes,
      parts.map((_, i) => `dir${i + 1}`),
    );
  } catch (error) {
    expect(error).toBeInstanceOf(ShardSetError);
    return (error as Error).message;
  }
  throw new Error('the merge was not refused');
};
const tmp = () => mkdtempSync(join(tmpdir(), 'bk-merge-'));
const writeShard = (root: string, name: string, summary: Summary) => {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'summary.json'), JSON.stringify(summary));
  return join(root, name);
};
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('the shard set', () => {
  it('refuses a set with a shard missing, naming the missing indexes', () => {
    const message = refusal([shard('r1', '1/3', [check('A', 'pass')])]);
    expect(message).toMatch(/^Refusing to merge/);
    expect(message).toContain('missing shards 2, 3 of 3');
  });

  it('refuses the same shard given twice', () => {
    const message = refusal([shard('r1', '1/2', [check('A', 'pass')]), shard('r1', '1/2', [check('A', 'pass')])]);
    expect(message).toContain('shard 1 given 2 times: dir1, dir2');
    expect(message).toContain('missing shard 2 of 2');
    expect(message).toContain('run r1 given 2 times');
  });

  it('refuses shards of different splits, levels, base URLs or read-only modes', () => {
    expect(refusal([shard('r1', '1/2', [check('A', 'pass')]), shard('r2', '2/3', [check('B', 'pass')])])).toContain(
      'the shards split the run differently: of 2 (dir1); of 3 (dir2)',
    );
    expect(refusal([shard('r1', '1/2', [check('A', 'pass')]), shard('r2', '2/2', [check('B', 'pass')], { level: 'core' })])).toContain(
      'levels differ: profile (dir1); core (dir2)',
    );
    expect(
      refusal([
        shard('r1', '1/2', [check('A', 'pass')]),
        shard('r2', '2/2', [check('B', 'pass')], { baseUrl: 'https://staging.example.com/api/v1' }),
      ]),
    ).toContain('base URLs differ');
    expect(refusal([shard('r1', '1/2', [check('A', 'pass')]), shard('r2', '2/2', [check('B', 'pass')], { readOnly: true })])).toContain(
      'read-only modes differ',
    );
  });

  it('refuses a check reported by two shards (not split from the same plan)', () => {
    expect(refusal([shard('r1', '1/2', [check('A', 'pass')]), shard('r2', '2/2', [check('A', 'fail')])])).toContain(
      '1 check(s) reported by more than one shard (e.g. A)',
    );
  });

  it("accepts a complete set, the embedded mock's shards on different loopback ports included", () => {
    const at = (port: number) => ({ baseUrl: `http://127.0.0.1:${port}/api/v1` });
    const merged = mergeSummaries(
      [shard('r2', '2/2', [check('B', 'pass')], at(40002)), shard('r1', '1/2', [check('A', 'pass')], at(40001))],
      routes,
    );
    expect(merged.totals.pass).toBe(2);
    expect(merged.mergedShards).toEqual(['1/2', '2/2']);
  });

  it('adds up what the shards sent and met, the transient failures included', () => {
    const stats = (requests: number, met: number, resent: number) => ({
      stats: { durationMs: 1000 * requests, requests, rateLimited: 1, transient: { met, resent, reproduced: met - resent, notResent: 0 } },
    });
    const merged = mergeSummaries(
      [shard('r1', '1/2', [check('A', 'pass')], stats(10, 3, 2)), shard('r2', '2/2', [check('B', 'pass')], stats(20, 4, 4))],
      routes,
    );
    expect(merged.stats).toEqual({
      durationMs: 20_000,
      requests: 30,
      rateLimited: 2,
      transient: { met: 7, resent: 6, reproduced: 1, notResent: 0 },
    });
  });
});

describe('the merged JUnit XML', () => {
  const failure = {
    expected: 'a 4xx refusal',
    actual: '200 {"a":"<b> & c"}',
    curl: 'curl -H "Authorization: Bearer $BUCKETKIT_KEY_FULL" \'http://h/api/v1/x\'',
  };
  const xml = renderJunit(
    shard('r1', undefined, [
      check('AUTH-a-refused', 'pass'),
      check('SCOPE-b-refused', 'fail', { area: 'scopes', level: 'profile', title: 'POST /b without files:write is refused', failure }),
      check('LIST-c-ranked', 'skip', { area: 'listing', reason: 'needs a key holding files:read' }),
      check('LIST-d-ranked', 'disabled', { area: 'listing', reason: 'overrides.disable' }),
      check('ERR-e-413', 'error', { area: 'errors', reason: 'harness error: timeout\u0007' }),
    ]),
  );

  it('has one testcase per check with its id, level and area', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('<testsuites name="bucketkit conformance r1 (profile)" tests="5" failures="1" errors="1" skipped="2"');
    expect(xml).toContain('<testsuite name="scopes" tests="1" failures="1" errors="0" skipped="0"');
    expect(xml).toContain('<testcase name="SCOPE-b-refused: POST /b without files:write is refused" classname="bucketkit.scopes"');
    expect(xml).toContain('<property name="requirement" value="SCOPE-b-refused"/>');
    expect(xml).toContain('<property name="level" value="profile"/>');
    expect(xml).toContain('<property name="area" value="scopes"/>');
  });

  it('gives a failure its expected and actual answer and the curl, escaped; skips and errors their reason', () => {
    expect(xml).toContain(
      '<failure message="expected a 4xx refusal" type="conformance">expected: a 4xx refusal\nactual: 200 {&quot;a&quot;:&quot;&lt;b&gt; &amp; c&quot;}\nreproduce: curl -H &quot;Authorization: Bearer $BUCKETKIT_KEY_FULL&quot; &apos;http://h/api/v1/x&apos;</failure>',
    );
    expect(xml).toContain('<skipped message="skip: needs a key holding files:read"/>');
    expect(xml).toContain('<skipped message="disabled: overrides.disable"/>');
    expect(xml).toContain('<error message="harness error: timeout\uFFFD" type="harness"/>');
  });

  it('reports harness problems as errors', () => {
    const withProblem = renderJunit(shard('r1', undefined, [check('A', 'pass')], { harnessProblems: ['Playwright wrote no results'] }));
    expect(withProblem).toContain('<testsuite name="harness" tests="1" failures="0" errors="1"');
    expect(withProblem).toContain('<error message="Playwright wrote no results" type="harness"/>');
  });
});

describe('merging report dirs', () => {
  it('names a missing dir or one without summary.json, never a raw ENOENT', () => {
    const root = tmp();
    mkdirSync(join(root, 'empty'));
    const read = () => readShardParts([join(root, 'gone'), join(root, 'empty')]);
    expect(read).toThrow(ShardSetError);
    expect(read).toThrow(`${join(root, 'gone')} does not exist`);
    expect(read).toThrow(`${join(root, 'empty')} has no summary.json`);
    expect(read).not.toThrow(/ENOENT/);
  });
});

describe('the command', () => {
  it('--merge of shard 1 of 2 exits 3 naming the missing shard, and writes nothing', () => {
    const root = tmp();
    const one = writeShard(root, 's1', shard('r1', '1/2', [check('A', 'pass')]));
    const run = cli('conformance', '--merge', one, '--report-dir', join(root, 'out'));
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('missing shard 2 of 2');
    expect(existsSync(join(root, 'out'))).toBe(false);
  });

  it('--merge of a missing dir exits 3 with a one-line reason per dir, no ENOENT', () => {
    const root = tmp();
    const run = cli('conformance', '--merge', join(root, 'shard-1'), '--report-dir', join(root, 'out'));
    expect(run.status).toBe(3);
    expect(run.stderr).toContain(`${join(root, 'shard-1')} does not exist`);
    expect(run.stderr).not.toMatch(/ENOENT|\n\s+at /);
  });

  it('--merge of shard dirs without blob reports exits 3 naming each, and writes nothing', () => {
    // The merged HTML and JUnit reports come from Playwright's blob reports; a summary alone cannot make them.
    const root = tmp();
    const run = cli(
      'conformance',
      '--merge',
      writeShard(root, 'a1', shard('r1', '1/2', [check('A', 'pass')])),
      writeShard(root, 'a2', shard('r2', '2/2', [check('B', 'pass')])),
      '--report-dir',
      join(root, 'ok'),
    );
    expect(run.status).toBe(3);
    for (const dir of ['a1', 'a2']) expect(run.stderr).toContain(`${join(root, dir)} has no blob report`);
    expect(existsSync(join(root, 'ok', 'summary.json'))).toBe(false);
  });

  it('an unknown command exits 3 (a bad option)', () => {
    const run = cli('conformnce');
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('Unknown command "conformnce"');
  });
});
