// --grep selects exactly as the README says (the id, the title, and the tags @area and @level), and --list prints the
// checks a run with the same options reports, each with its planned status, counted the way the run counts them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { listChecks } from '../cli/list-command.ts';
import { defaultTokenEnv } from '../config/load-config.ts';
import { embeddedKeyPlan, embeddedScopes } from '../embedded/embedded-target.ts';
import { matchesGrep } from '../plan/planner.ts';
import type { Summary } from '../report/summary.ts';

const keys = embeddedKeyPlan(embeddedScopes(), 'bkt_a').map((k) => ({ ...k, env: defaultTokenEnv(k.name) }));
const defs = generateChecks(loadRouteTable(), keys, {});
const selected = (grep: string) => defs.filter((d) => matchesGrep(d, new RegExp(grep))).map((d) => d.id);

describe('--grep', () => {
  it('selects an area with @area and a level with @level, and nothing else', () => {
    expect(selected('@listing')).toEqual(defs.filter((d) => d.area === 'listing').map((d) => d.id));
    expect(selected('@core')).toEqual(defs.filter((d) => d.level === 'core').map((d) => d.id));
    expect(selected('@listing')).not.toContain('UPLOAD-appears-without-complete');
  });

  it('selects ids with an anchored expression', () => {
    expect(selected('^LIST-')).toEqual(defs.filter((d) => d.id.startsWith('LIST-')).map((d) => d.id));
    expect(selected('^LIST-').length).toBeGreaterThan(5);
  });

  it('matches a plain word in titles too, case-sensitively', () => {
    // The upload check's title says the file appears "in the listing": a plain word is searched in titles as well.
    expect(selected('listing')).toContain('UPLOAD-appears-without-complete');
    expect(selected('listing')).toEqual(expect.arrayContaining(selected('@listing')));
    expect(selected('@LISTING')).toEqual([]);
  });

  it('is what --list selects', () => {
    const { lines } = listChecks({ level: 'profile', grep: '@listing', readOnly: false }, {});
    expect(lines.map((l) => l.split(' | ')[0])).toEqual(selected('@listing'));
  });
});

describe('--list', () => {
  it("with --shard prints that shard's part: the shards together list every check once", () => {
    const all = listChecks({ level: 'profile', readOnly: false }, {}).lines;
    const parts = ['1/3', '2/3', '3/3'].map((shard) => listChecks({ level: 'profile', readOnly: false, shard }, {}).lines);
    expect(parts.every((p) => p.length > 0)).toBe(true);
    expect(parts.flat().sort()).toEqual([...all].sort());
    expect(listChecks({ level: 'profile', readOnly: false, shard: '2/3' }, {}).note).toContain('shard 2/3');
  });

  it('prints the checks a run of the same options reports, with their planned status and the same counts', () => {
    const options = ['--level', 'core', '--read-only', '--grep', '@paths'];
    const { lines, note } = listChecks({ level: 'core', grep: '@paths', readOnly: true }, {});
    const listed = lines.map((l) => l.split(' | ')).map((cells) => [cells[0], cells.at(-1)!.split(':')[0]]);
    const count = (status: string) => listed.filter(([, s]) => s === status).length;
    expect(count('run')).toBeGreaterThan(0);
    expect(count('skip')).toBeGreaterThan(0);
    expect(note).toBe(
      `${lines.length} checks at level core, read-only: ${count('run')} to run, ${count('skip')} skipped, 0 disabled (planned with the embedded mock's keys).`,
    );

    const reportDir = mkdtempSync(join(tmpdir(), 'bk-list-run-'));
    const bin = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
    const env = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' };
    const run = spawnSync(process.execPath, [bin, 'conformance', ...options, '--report-dir', reportDir], { encoding: 'utf8', env });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
    const planned = (status: string) => (status === 'pass' || status === 'fail' || status === 'error' ? 'run' : status);
    expect(summary.checks.map((c) => [c.id, planned(c.status)]).sort()).toEqual([...listed].sort());
    expect(summary.totals.skip).toBe(count('skip'));
  }, 60_000);
});
