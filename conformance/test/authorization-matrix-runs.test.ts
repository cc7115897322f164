// The authorization matrix of real runs against the embedded mock: clean, no
// cell is broken and no key that may call a route is refused for want of a
// scope; with scopes or bucketIds unenforced, the broken cells are exactly
// those of the routes whose oracle checks fail, for the reason planted.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess, type RunOutcome } from '../engine/run-in-process.ts';
import type { AuthorizationMatrix } from '../report/authorization-matrix.ts';
import { matrixFiles } from '../report/matrix-files.ts';
import type { Summary } from '../report/summary.ts';

/** A core-level run against the embedded mock with the faults planted (of the checks `grep` picks), without the HTML report. */
const run = (faults: string[], grep?: string): Promise<RunOutcome> =>
  runInProcess({
    faults,
    grep,
    level: 'core',
    readOnly: false,
    reportDir: mkdtempSync(join(tmpdir(), 'bk-matrix-')),
    workers: 1,
    quiet: true,
    ciResultsFile: '',
    env: { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' },
  });

/** The operations with a broken cell. */
const brokenRoutes = (m: AuthorizationMatrix) => new Set(m.cells.filter((c) => c.verdict === 'broken').map((c) => c.operationId));
/** Each route whose oracle check (ORACLE-<rule>-<operationId>) ran at this level: whether it failed. */
const oracleFailed = (s: Summary, rule: string) =>
  Object.fromEntries(
    s.checks
      .filter((c) => c.id.startsWith(`ORACLE-${rule}-`) && (c.status === 'pass' || c.status === 'fail'))
      .map((c) => [c.id.slice(`ORACLE-${rule}-`.length), c.status === 'fail']),
  );
/** The matrix's rows of symbols in summary.md (its section only; the legend names every symbol). */
function tableRows(md: string): string[] {
  const section = md.slice(md.indexOf('## Authorization matrix'));
  return section
    .slice(0, section.indexOf('\n## '))
    .split('\n')
    .filter((line) => line.startsWith('| `'));
}

describe('the authorization matrix of a run', () => {
  it('against the clean mock has no broken cell, and every refusal of a key that may call the route has another cause', async () => {
    const { summary, reportDir, secrets } = await run([]);
    const m = summary.matrix!;
    const columns = m.routes.reduce((n, r) => n + (r.bucketScoped ? 2 : 1), 0);
    expect(m.cells).toHaveLength(columns * m.keys.length);
    expect(m.counts.broken).toBe(0);
    expect(m.counts.unserved).toBe(0);
    expect(m.counts.proved).toBeGreaterThan(m.cells.length / 2);
    // The mock refuses a permitted call only for a probe's reason (an unknown file, a bad body), never as unauthorised.
    for (const cell of m.cells.filter((c) => c.verdict === 'refused'))
      expect(
        Object.keys(cell.observed).filter((s) => s === '401' || s === '403'),
        JSON.stringify(cell),
      ).toEqual([]);
    // Every route shows both sides: some key proved refused, and some key proved served where any may be.
    for (const route of m.routes) {
      const cells = m.cells.filter((c) => c.operationId === route.operationId);
      expect(
        cells.some((c) => c.expected === 'deny' && c.verdict === 'proved'),
        route.route,
      ).toBe(true);
      if (cells.some((c) => c.expected === 'allow'))
        expect(
          cells.some((c) => c.expected === 'allow' && c.verdict === 'proved'),
          route.route,
        ).toBe(true);
    }
    const md = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    expect(md).toContain('## Authorization matrix');
    expect(md).toContain(`${m.cells.length} cells: ${m.counts.proved} proved, 0 BROKEN`);
    expect(tableRows(md).length).toBe(columns);
    expect(tableRows(md).filter((row) => row.includes('‼'))).toEqual([]);
    // The matrix names keys by config name: no token in any file that shows it.
    const files = matrixFiles(reportDir);
    const texts = [join(reportDir, 'summary.json'), md, files.markdown, files.html].map((f) => (f === md ? md : readFileSync(f, 'utf8')));
    for (const { token } of secrets) for (const text of texts) expect(text.includes(token)).toBe(false);
  }, 120_000);

  it('against a mock that enforces no scope shows broken cells where keys lack the scope, on the routes whose scope oracle fails', async () => {
    // The scope checks' exchanges are the matrix's cells of the rule the fault breaks.
    const { summary, reportDir } = await run(['scope-unenforced-everywhere'], '@scopes');
    const m = summary.matrix!;
    expect(m.counts.broken).toBeGreaterThan(100);
    for (const cell of m.cells.filter((c) => c.verdict === 'broken')) {
      expect(cell.denyBecause).toEqual(['scope']);
      expect(cell.observed['2xx']).toBeGreaterThan(0);
    }
    // A route has broken cells exactly when its scope oracle, judging the same exchanges, fails.
    const judged = oracleFailed(summary, 'scope');
    expect(Object.keys(judged).length).toBeGreaterThan(15);
    for (const [operationId, failed] of Object.entries(judged)) expect(brokenRoutes(m).has(operationId), operationId).toBe(failed);
    const md = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    expect(tableRows(md).filter((row) => row.includes('**‼**')).length).toBe(brokenRoutes(m).size);
    expect(md).toContain(`### BROKEN: served although the key must be refused (${m.counts.broken})`);
  }, 120_000);

  it('against a mock that ignores bucketIds shows broken cells of the barred key in the other bucket only', async () => {
    const { summary } = await run(['bucket-limits-ignored'], '@bucket-limits');
    const m = summary.matrix!;
    const broken = m.cells.filter((c) => c.verdict === 'broken');
    const barred = m.keys.filter((k) => k.bucketIds !== null && !k.bucketIds.includes(m.buckets.other)).map((k) => k.name);
    expect(barred.length).toBeGreaterThan(0);
    expect(broken.length).toBeGreaterThan(10);
    for (const cell of broken) {
      expect(cell).toMatchObject({ bucket: 'other', denyBecause: ['bucket'] });
      expect(barred).toContain(cell.key);
    }
    const judged = oracleFailed(summary, 'bucket-limits');
    expect(Object.values(judged).filter(Boolean).length).toBeGreaterThan(10);
    for (const [operationId, failed] of Object.entries(judged)) expect(brokenRoutes(m).has(operationId), operationId).toBe(failed);
  }, 120_000);
});
