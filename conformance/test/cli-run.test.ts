// The command as a user runs it: --list prints the requirement list without
// running anything, and a run with failing checks names them on the console,
// exits 1, and its HTML report shows each of them failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { textsOf } from '../report/leak-scan.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
const EMBEDDED = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '' };
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, 'conformance', ...args], { encoding: 'utf8', timeout: 120_000, env: EMBEDDED });

describe('--list', () => {
  it('prints every selected check as "id | area | level | title | status", honouring --level and --grep, and runs nothing', () => {
    const reportDir = join(mkdtempSync(join(tmpdir(), 'bk-list-')), 'out');
    const all = cli('--list', '--report-dir', reportDir);
    expect(all.status).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(300);
    for (const line of lines)
      expect(line).toMatch(/^[A-Z]+-[\w-]+ \| [a-z-]+ \| (core|profile) \| \S.* \| (run|skip: \S.*|disabled: \S.*)$/);
    expect(all.stderr).toContain(`${lines.length} checks at level profile: ${lines.length} to run, 0 skipped, 0 disabled`);
    const core = cli('--list', '--level', 'core', '--grep', '@uploads').stdout.trim().split('\n');
    expect(core.length).toBeGreaterThan(0);
    expect(core.every((l) => l.includes(' | uploads | core | '))).toBe(true);
    expect(existsSync(reportDir)).toBe(false);
  });
});

describe('a run with failing checks', () => {
  it('exits 1, lists the failed checks with their reproduction, and its HTML report shows each failed', () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'bk-fail-'));
    const run = cli('--fault', 'route-moved', '--fault', 'unlisted-method-404', '--grep', '@paths', '--report-dir', reportDir);
    expect(run.status).toBe(1);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
    const failed = summary.checks.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(5);
    expect(run.stdout).toContain(`Failed checks (${failed.length}):`);
    for (const c of failed) expect(run.stdout).toContain(`✘ ${c.id} (${c.area}, ${c.level})`);
    expect(run.stdout).toMatch(/reproduce: curl .*\$BUCKETKIT_KEY_/);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(
      /^FAILED \(exit 1\): \d+ checks? failed(; \d+ checks? not served \(\d+ routes? the deployment does not serve\))?\.$/,
    );
    // Playwright's HTML report shows each failure failed, with its expectation, and agrees with the summary.
    const shown = JSON.parse(readFileSync(join(reportDir, 'report-outcomes.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(
      Object.entries(shown['0'])
        .filter(([, status]) => status === 'failed')
        .map(([id]) => id)
        .sort(),
    ).toEqual(failed.map((c) => c.id).sort());
    expect(summary.harnessProblems).toEqual([]);
    const archive = textsOf(readFileSync(join(reportDir, 'html', 'index.html'))).join('\n');
    for (const c of failed) expect(archive).toContain(`${c.id} FAILED`);
  }, 120_000);
});
