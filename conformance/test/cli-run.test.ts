// The command as a user runs it: --list prints the requirement list without
// running anything, and a run with failing checks names them on the console,
// exits 1, and Playwright's own reports show each of them failed: the HTML
// report's header counts what summary.json counts, and JUnit fails them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { readHtmlReport } from './support/html-report.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
const EMBEDDED = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '' };
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, 'conformance', ...args], { encoding: 'utf8', timeout: 180_000, env: EMBEDDED });

describe('--list', () => {
  it('prints every selected check as "id | area | level | title | status", honouring --level and --grep, and runs nothing', () => {
    const reportDir = join(mkdtempSync(join(tmpdir(), 'bk-list-')), 'out');
    const all = cli('--list', '--report-dir', reportDir);
    expect(all.status, all.stderr).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(300);
    for (const line of lines)
      expect(line).toMatch(/^[A-Z]+-[\w-]+ \| [a-z-]+ \| (core|profile) \| \S.* \| (run|skip: \S.*|disabled: \S.*)$/);
    expect(all.stderr).toContain(`${lines.length} checks at level profile: ${lines.length} to run, 0 skipped, 0 disabled`);
    const core = cli('--list', '--level', 'core', '--grep', '@uploads').stdout.trim().split('\n');
    expect(core.length).toBeGreaterThan(0);
    expect(core.every((l) => l.includes(' | uploads | core | '))).toBe(true);
    expect(existsSync(join(reportDir, 'summary.json'))).toBe(false);
  }, 120_000);
});

describe('a run with failing checks', () => {
  it('exits 1, lists the failed checks with their reproduction, and its HTML and JUnit reports show each failed', () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'bk-fail-'));
    const run = cli(
      '--fault',
      'route-moved',
      '--fault',
      'unlisted-method-404',
      '--grep',
      'PATH-(moveFiles|presignDownload|listFiles|getTrash)-',
      '--report-dir',
      reportDir,
    );
    expect(run.status, run.stderr).toBe(1);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
    const failed = summary.checks.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(1);
    expect(run.stdout).toContain(`Failed checks (${failed.length}):`);
    for (const c of failed) expect(run.stdout).toContain(`✘ ${c.id} (${c.area}, ${c.level})`);
    expect(run.stdout).toMatch(/reproduce: curl .*\$BUCKETKIT_KEY_/);
    const last = run.stdout.trim().split('\n').at(-1);
    expect(last).toMatch(/^FAILED \(exit 1\): \d+ checks? failed; \d+ routes? not built yet \(next to build: [A-Z]+ \/\S+\)/);
    // summary.json opens with the same verdict.
    expect(Object.keys(summary)[0]).toBe('verdict');
    expect(`${summary.verdict?.name} (exit ${summary.verdict?.exitCode}): ${summary.verdict?.reason}`).toBe(last);
    expect(summary.harnessProblems).toEqual([]);
    // The HTML report: its header counts what summary.json counts, each failed check's test failed with its reproduction.
    const html = readHtmlReport(join(reportDir, 'html'));
    const t = summary.totals;
    // A route not built yet fails its test too (the seed lists it), counted apart in the kit's reports.
    const unbuilt = summary.checks.filter((c) => c.status === 'unbuilt');
    expect(unbuilt.length).toBeGreaterThan(0);
    expect(html.stats).toMatchObject({
      expected: t.pass,
      unexpected: t.fail + t.unbuilt,
      skipped: t.skip + t.disabled + t.error + t.unserved,
    });
    const failedTests = html.tests.filter((x) => x.outcome === 'unexpected').map((x) => x.title.split(':')[0]);
    expect(failedTests.sort()).toEqual([...failed, ...unbuilt].map((c) => c.id).sort());
    expect(html.title).toMatch(
      new RegExp(
        `^FAILED \\(exit 1\\): ${t.pass} passed · ${t.fail} failed · ${t.unbuilt} not built yet · ${t.error} not run · ${t.unserved} not served`,
      ),
    );
    // Playwright's JUnit report fails the same tests.
    const cases = readFileSync(join(reportDir, 'junit.xml'), 'utf8').split('<testcase ').slice(1);
    const failures = cases.filter((c) => c.includes('<failure') && c.includes('type="expect.toConform"'));
    expect(failures.map((c) => /<property name="requirement" value="([^"]+)"/.exec(c)?.[1]).sort()).toEqual(failed.map((c) => c.id).sort());
  }, 180_000);
});
