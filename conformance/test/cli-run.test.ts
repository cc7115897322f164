// The command as a user runs it: --list prints the requirement list without
// running anything, and a run with failing checks names them on the console,
// exits 1, and restarts no Playwright worker for them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { textsOf } from '../report/leak-scan.ts';
import { EXPECTED_FAILURE_NOTE } from '../runtime/register-checks.ts';

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
  it('exits 1, lists the failed checks with their reproduction, and starts no worker beyond the usual', () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'bk-fail-'));
    const run = cli('--fault', 'route-moved', '--fault', 'unlisted-method-404', '--grep', '@paths', '--report-dir', reportDir);
    expect(run.status).toBe(1);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
    const failed = summary.checks.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(5);
    expect(run.stdout).toContain(`Failed checks (${failed.length}):`);
    for (const c of failed) expect(run.stdout).toContain(`✘ ${c.id} (${c.area}, ${c.level})`);
    expect(run.stdout).toMatch(/reproduce: curl .*\$BUCKETKIT_KEY_/);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^FAILED \(exit 1\): \d+ checks? failed\.$/);
    // The set-up, two conformance workers and the teardown: a restart per failure would add one each.
    expect(summary.stats?.workersStarted).toBeLessThanOrEqual(4);
    // Playwright's HTML report shows each failure with the note saying it failed.
    const archive = textsOf(readFileSync(join(reportDir, 'html', 'index.html'))).join('\n');
    expect(archive).toContain(EXPECTED_FAILURE_NOTE);
  }, 120_000);
});
