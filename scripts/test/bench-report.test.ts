// The markdown the bench writes: padded tables, honest status columns, ratios from the same run, PASS/MISS.
import { describe, expect, it } from 'vitest';
import { formatCoarseMs, formatMs, formatRatio, renderTable } from '../bench/markdown-table.ts';
import { renderLoadTable, renderRatioTable, renderReport } from '../bench/bench-report.ts';
import { evaluateTargets } from '../bench/targets.ts';
import { cell, passingResults } from './bench-fixtures.ts';

describe('markdown tables', () => {
  it('pads every column to its widest cell, so the table lines up in a terminal', () => {
    expect(renderTable(['A', 'Long header'], [['wide cell', 'x']])).toBe(
      ['| A         | Long header |', '|-----------|-------------|', '| wide cell | x           |'].join('\n'),
    );
  });

  it('escapes pipes inside cells and rejects rows of the wrong width', () => {
    expect(renderTable(['A'], [['a|b']])).toContain('a\\|b');
    expect(() => renderTable(['A', 'B'], [['only one']])).toThrow(/Row 0 has 1 cells, the table has 2 columns/);
  });

  it('formats milliseconds and ratios, with a dash for what was not measured', () => {
    expect(formatMs(0.456)).toBe('0.46 ms');
    expect(formatMs(1234.4)).toBe('1,234 ms');
    expect(formatMs(Number.NaN)).toBe('–');
    expect(formatRatio(6.456)).toBe('6.46×');
    expect(formatRatio(Number.NaN)).toBe('–');
  });

  it("shows autocannon's whole-millisecond latencies as such, with 0 as under 1 ms", () => {
    expect(formatCoarseMs(0)).toBe('<1 ms');
    expect(formatCoarseMs(12)).toBe('12 ms');
  });
});

describe('the bench report', () => {
  it('lists every status a server answered, including the ones not counted', () => {
    const results = passingResults();
    results.load = [cell('mock', 'list-workspaces', 100, { statusCounts: { 200: 200, 500: 3 }, unexpected: 3, errors: 2, timeouts: 1 })];
    const table = renderLoadTable(results);
    expect(table).toContain('200×200, 500×3, 2 errors (1 timeouts)');
    expect(table).toMatch(/\| 100\s+\| 1 ms\s+\| 3 ms\s+\| 400 /);
  });

  it('shows each round next to the median when there were several', () => {
    const results = passingResults();
    results.load = [cell('mock', 'list-workspaces', 1000, { roundsReqPerSec: [900, 1000, 1200] })];
    expect(renderLoadTable(results)).toContain('| 1,000 (900 / 1,000 / 1,200) ');
  });

  it('prints mock/Prism and mock/bare per request from the cells of the run', () => {
    const table = renderRatioTable(passingResults());
    expect(table).toMatch(/list workspaces\s+\| 6\.00×\s+\| 0\.60×/);
    expect(table).toMatch(/refused \(missing scope\)\s+\| 6\.00×\s+\| 0\.60×/);
  });

  it('writes machine facts, commands, targets and the profile findings into one document', () => {
    const results = passingResults();
    const report = renderReport(results, evaluateTargets(results), '### Findings\nThe writev call dominates.');
    expect(report).toMatch(/\| CPU\s+\| 2 cores, Test CPU/);
    expect(report).toMatch(/\| Node\s+\| v20\.20\.2/);
    expect(report).toContain('- `npm run bench -- --quick`');
    expect(report).toMatch(/mock cold start \(npm start\) ≤ 400 ms\s+\| 350 ms\s+\| PASS/);
    expect(report).toContain('_No profile in this run');
    expect(report.trimEnd().endsWith('The writev call dominates.')).toBe(true);
  });

  it('adds a notes section only when something did not run', () => {
    const results = passingResults();
    expect(renderReport(results, [])).not.toContain('## Notes');
    results.notes.push('Cold start failed: boom');
    expect(renderReport(results, [])).toContain('## Notes\n\n- Cold start failed: boom');
  });
});
