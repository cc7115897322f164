// --grep and --list are Playwright's own: --grep searches a check's title (its
// id and sentence), its route (the describe block) and its tags @area and
// @level; --list prints the checks a run with the same options reports, each
// with its planned status; --shard parts list every check once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
// Always the embedded mock, whatever deployment the environment points at.
const ENV = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' };

/** The CLI's --list: the lines (id | area | level | title | status) and the count line. */
function list(...options: string[]): { rows: string[][]; note: string } {
  const run = spawnSync(process.execPath, [BIN, 'conformance', '--list', ...options], { encoding: 'utf8', env: ENV });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const rows = run.stdout
    .split('\n')
    .filter((l) => l.includes(' | '))
    .map((l) => l.split(' | '));
  return { rows, note: run.stderr.trim().split('\n').at(-1) ?? '' };
}

// Every check (profile, the widest level): listed once, read by each test that needs the whole list.
let everyCheck: string[][] | undefined;
const allRows = () => (everyCheck ??= list('--level', 'profile').rows);

describe('--grep', () => {
  it('selects an area with @area, a level with @level, ids by their start, and route blocks by their path', () => {
    const all = allRows();
    const listing = list('--grep', '@listing').rows;
    expect(listing.map((r) => r[0])).toEqual(all.filter((r) => r[1] === 'listing').map((r) => r[0]));
    expect(list('--grep', '@core').rows.map((r) => r[0])).toEqual(all.filter((r) => r[2] === 'core').map((r) => r[0]));
    expect(list('--grep', 'LIST-').rows.every((r) => r[0].startsWith('LIST-'))).toBe(true);
    const files = list('--grep', 'AUTH-listFiles-').rows;
    expect(files.length).toBeGreaterThan(1);
    expect(files.every((r) => r[0].startsWith('AUTH-listFiles-'))).toBe(true);
  }, 60_000);
});

describe('--list', () => {
  it("with --shard prints that shard's part: the shards together list every check once", () => {
    const all = allRows().map((r) => r[0]);
    const parts = ['1/3', '2/3', '3/3'].map((shard) => list('--level', 'profile', '--shard', shard).rows.map((r) => r[0]));
    expect(parts.every((p) => p.length > 0)).toBe(true);
    expect(parts.flat().sort()).toEqual([...all].sort());
  }, 60_000);

  it('prints the checks a run of the same options reports, with their planned status and the same counts', () => {
    const options = ['--level', 'core', '--read-only', '--grep', '@paths'];
    const { rows, note } = list(...options);
    const listed = rows.map((cells) => [cells[0], cells.at(-1)!.split(':')[0]]);
    const count = (status: string) => listed.filter(([, s]) => s === status).length;
    expect(count('run')).toBeGreaterThan(0);
    expect(count('skip')).toBeGreaterThan(0);
    expect(note).toBe(`${rows.length} checks at level core, read-only: ${count('run')} to run, ${count('skip')} skipped, 0 disabled.`);

    const reportDir = mkdtempSync(join(tmpdir(), 'bk-list-run-'));
    const run = spawnSync(process.execPath, [BIN, 'conformance', ...options, '--report-dir', reportDir], { encoding: 'utf8', env: ENV });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
    const planned = (status: string) => (status === 'pass' || status === 'fail' || status === 'error' ? 'run' : status);
    expect(summary.checks.map((c) => [c.id, planned(c.status)]).sort()).toEqual([...listed].sort());
    expect(summary.totals.skip).toBe(count('skip'));
  }, 120_000);
});
