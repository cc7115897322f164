// A baseline of known failures: the file is checked where it enters (naming the entry and field), the run's checks
// are sorted into new, known, fixed, expired and not checked, and only new failures fail the run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBaseline, BaselineError, loadBaseline, parseBaseline, verdictWithBaseline, type Baseline } from '../report/baseline.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { runVerdict, withBaseline } from '../report/run-verdict.ts';
import { buildSummary, verdictOf, type Summary, type SummaryCheck } from '../report/summary.ts';
import { summaryCheck } from './support/summary-checks.ts';

const summarize = (checks: SummaryCheck[], over: Partial<Summary> = {}) =>
  buildSummary({ runId: 'bk1', baseUrl: 'http://h/api/v1', level: 'profile', readOnly: false, checks, harnessProblems: [], ...over }, [
    'GET /a',
  ]);
const list = (...known: object[]) => parseBaseline(JSON.stringify({ known }), 'known.json');
const entry = (id: string, expires?: string) => ({ id, reason: `${id} is not built yet`, ...(expires ? { expires } : {}) });
const NOW = new Date('2026-06-15T12:00:00Z');
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('a baseline file', () => {
  it('is a list of known failures with a reason and an optional last day', () => {
    expect(list(entry('LIST-semantic-ranked', '2027-01-31'), entry('AUTH-listFiles-401'))).toEqual({
      source: 'known.json',
      kind: 'list',
      known: [
        { id: 'LIST-semantic-ranked', reason: 'LIST-semantic-ranked is not built yet', expires: '2027-01-31' },
        { id: 'AUTH-listFiles-401', reason: 'AUTH-listFiles-401 is not built yet' },
      ],
    });
  });

  it('or an earlier run, whose failing checks are the known ones', () => {
    const earlier = summarize([summaryCheck('A-1', 'fail'), summaryCheck('A-2', 'pass'), summaryCheck('A-3', 'fail')]);
    const baseline = parseBaseline(JSON.stringify(earlier), 'old/summary.json');
    expect(baseline).toEqual({
      source: 'old/summary.json',
      kind: 'summary',
      known: [
        { id: 'A-1', reason: 'failed in run bk1' },
        { id: 'A-3', reason: 'failed in run bk1' },
      ],
    });
  });

  it.each([
    [{ known: [entry('LIST-x'), { id: 'LIST-y' }] }, 'known[1] (LIST-y).reason must say why the check fails'],
    [{ known: [{ ...entry('LIST-x'), expires: '2027-02-30' }] }, 'known[0] (LIST-x).expires must be a day as YYYY-MM-DD, got "2027-02-30"'],
    [{ known: [{ ...entry('LIST-x'), expires: '31.01.2027' }] }, 'known[0] (LIST-x).expires must be a day as YYYY-MM-DD'],
    [{ known: [{ ...entry('LIST-x'), expiry: '2027-01-01' }] }, 'known[0] (LIST-x): unknown field "expiry"'],
    [{ known: [entry('LIST-x'), entry('LIST-x')] }, 'known[1] (LIST-x): the id is listed twice'],
    [{ known: [{ id: 'list semantic', reason: 'r' }] }, 'known[0].id must be a check id such as LIST-semantic-ranked, got "list semantic"'],
    [{ known: ['LIST-x'] }, 'known[0] must be an object'],
    [{ known: {} }, '"known" must be an array'],
    [{ known: [], ids: [] }, 'unknown top-level field "ids"'],
    [{ failing: [] }, 'expected a summary.json of an earlier run (with "checks") or a list'],
    [{ checks: [{ id: 'A-1' }] }, 'checks[0] must be a check with a string "id" and "status"'],
  ])('%j is refused, naming the entry and the field', (raw, message) => {
    expect(() => parseBaseline(JSON.stringify(raw), 'known.json')).toThrow(new RegExp(`^--baseline known\\.json: ${escape(message)}`));
  });

  it('that is not JSON or does not exist is refused with its name', () => {
    expect(() => parseBaseline('known:\n  - LIST-x', 'known.yaml')).toThrow(/^--baseline known\.yaml: not JSON/);
    const dir = mkdtempSync(join(tmpdir(), 'bk-baseline-'));
    expect(() => loadBaseline(join(dir, 'none.json'))).toThrow(BaselineError);
    writeFileSync(join(dir, 'known.json'), JSON.stringify({ known: [entry('LIST-x')] }));
    expect(loadBaseline(join(dir, 'known.json')).known).toHaveLength(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('applying a baseline', () => {
  const run = summarize([
    summaryCheck('N-new', 'fail'),
    summaryCheck('K-known', 'fail'),
    summaryCheck('F-fixed', 'pass'),
    summaryCheck('E-expired', 'fail'),
    summaryCheck('S-skipped', 'skip', { reason: 'needs a key holding agent:run' }),
    summaryCheck('D-disabled', 'disabled'),
    summaryCheck('R-notrun', 'error', { reason: 'not run: the set-up failed' }),
    summaryCheck('U-unserved', 'unserved' as SummaryCheck['status']),
    summaryCheck('P-passes', 'pass'),
  ]);
  const baseline = list(
    entry('K-known', '2026-06-15'),
    entry('F-fixed'),
    entry('E-expired', '2026-06-14'),
    entry('S-skipped'),
    entry('D-disabled'),
    entry('R-notrun'),
    entry('U-unserved'),
    entry('G-gone'),
  );

  it('sorts the checks into new, known, fixed, expired and not checked', () => {
    const applied = applyBaseline(run, baseline, NOW);
    expect(ids(applied.newFailures)).toEqual(['N-new', 'E-expired']);
    expect(applied.newFailures[1]).toMatchObject({ expiredOn: '2026-06-14', title: 'E-expired works' });
    expect(applied.knownFailures).toEqual([entry('K-known', '2026-06-15')]);
    expect(ids(applied.fixed)).toEqual(['F-fixed']);
    expect(applied.expired).toEqual([{ ...entry('E-expired', '2026-06-14'), status: 'fail' }]);
    // Never "fixed": a check that did not run proves nothing either way.
    expect(applied.notChecked.map((n) => [n.id, n.status, n.why])).toEqual([
      ['S-skipped', 'skip', 'needs a key holding agent:run'],
      ['D-disabled', 'disabled', undefined],
      ['R-notrun', 'error', 'not run: the set-up failed'],
      ['U-unserved', 'unserved', undefined],
      ['G-gone', 'not selected', undefined],
    ]);
  });

  it('counts an entry through the whole of its last day, UTC', () => {
    expect(ids(applyBaseline(run, baseline, new Date('2026-06-15T23:59:59Z')).knownFailures)).toEqual(['K-known']);
    expect(ids(applyBaseline(run, baseline, new Date('2026-06-16T00:00:00Z')).newFailures)).toContain('K-known');
  });

  it('lists an expired entry whose check passes as expired, not fixed', () => {
    const applied = applyBaseline(summarize([summaryCheck('F-fixed', 'pass')]), list(entry('F-fixed', '2026-01-01')), NOW);
    expect(applied.fixed).toEqual([]);
    expect(applied.expired).toEqual([{ ...entry('F-fixed', '2026-01-01'), status: 'pass' }]);
  });
});

describe('the verdict against a baseline', () => {
  const judge = (checks: SummaryCheck[], baseline: Baseline, over: Partial<Summary> = {}) =>
    runVerdict(withBaseline(summarize(checks, over), baseline, NOW));
  const known = list(entry('K-1'), entry('K-2'), entry('K-3'), entry('F-1'));

  it('fails only for failures outside the baseline, and says how many are known and fixed', () => {
    const checks = ['N-1', 'N-2', 'K-1', 'K-2', 'K-3'].map((id) => summaryCheck(id, 'fail'));
    expect(judge([...checks, summaryCheck('F-1', 'pass')], known)).toEqual({
      exitCode: 1,
      label: 'FAILED',
      reason: '2 new failures (3 known failures in the baseline, 1 fixed); 5 checks failed.',
    });
  });

  it('passes a run whose every failure is known', () => {
    const checks = [...['K-1', 'K-2', 'K-3'].map((id) => summaryCheck(id, 'fail')), summaryCheck('P-1', 'pass')];
    expect(judge(checks, known)).toEqual({
      exitCode: 0,
      label: 'PASSED',
      reason: '1 check passed with 3 known failures in the baseline, none new.',
    });
    expect(judge([...checks, summaryCheck('F-1', 'pass')], known).reason).toBe(
      '2 checks passed with 3 known failures in the baseline, none new (1 fixed).',
    );
  });

  it('is incomplete when every failure is known but a check could not run', () => {
    const v = judge(
      [summaryCheck('K-1', 'fail'), summaryCheck('P-1', 'pass'), summaryCheck('R-1', 'error', { reason: 'harness error: boom' })],
      known,
    );
    expect(v).toMatchObject({ exitCode: 2, label: 'INCOMPLETE' });
    expect(v.reason).toBe(
      'no new failure (1 known failure in the baseline), but the run could not verify everything: 1 check failed; 1 check could not run (boom).',
    );
  });

  it('is incomplete when every failure is known in a run cut short that the kit judged FAILED', () => {
    const run = summarize([summaryCheck('K-1', 'fail'), summaryCheck('P-1', 'pass')], { incomplete: { exitCode: 2, reason: 'stopped' } });
    const applied = applyBaseline(run, known, NOW);
    const v = verdictWithBaseline({ exitCode: 1, label: 'FAILED', reason: '1 check failed; stopped.' }, run, applied);
    expect(v).toMatchObject({ exitCode: 2, label: 'INCOMPLETE' });
  });

  it('gives no results when nothing passed and every failure is known', () => {
    expect(judge([summaryCheck('K-1', 'fail')], known)).toMatchObject({ exitCode: 2, label: 'NO RESULTS' });
  });

  it('keeps a verdict other than FAILED and adds the tally; a new failure of a run cut short is FAILED', () => {
    const passed = judge([summaryCheck('F-1', 'pass'), summaryCheck('P-1', 'pass')], known);
    expect(passed).toEqual({
      exitCode: 0,
      label: 'PASSED',
      reason: '2 checks passed, none failed (0 known failures in the baseline, 1 fixed).',
    });
    const cut = judge([summaryCheck('N-1', 'fail'), summaryCheck('K-1', 'fail')], known, {
      incomplete: { exitCode: 2, reason: 'stopped' },
    });
    expect(cut.exitCode).toBe(verdictOf(summarize([summaryCheck('N-1', 'fail')], { incomplete: { exitCode: 2, reason: 'x' } })).exitCode);
    // A failure outside the baseline makes the run FAILED even when it was cut short, as without a baseline.
    expect(cut).toMatchObject({ exitCode: 1, label: 'FAILED' });
    expect(cut.reason).toMatch(/^1 new failure \(1 known failure in the baseline\); .*the run was cut short: stopped\.$/);
  });

  it('counts a failure whose entry expired as new, and says so in summary.md', () => {
    const s = withBaseline(
      summarize([summaryCheck('K-1', 'fail'), summaryCheck('P-1', 'pass'), summaryCheck('G-1', 'skip')]),
      list(entry('K-1', '2026-01-31'), entry('G-1')),
      NOW,
    );
    expect(runVerdict(s)).toMatchObject({ exitCode: 1, label: 'FAILED' });
    const md = renderMarkdown(s);
    expect(md).toMatch(
      /^# bucketkit conformance: FAILED\n\n1 new failure \(0 known failures in the baseline, 1 entry expired\); 1 check failed\. Exit code 1\./,
    );
    expect(md).toContain('### Newly failing (1)\n\n- `K-1`: K-1 works (its baseline entry expired on 2026-01-31)');
    expect(md).toContain(
      '### Expired entries: past their day, counted as not in the baseline (1)\n\n- `K-1` (expired on 2026-01-31; fail in this run)',
    );
    expect(md).toContain('### Not checked this run: no verdict either way (1)\n\n- `G-1` (skip): G-1 is not built yet');
    expect(md).not.toContain('### Fixed');
  });

  it('leaves a summary without a baseline exactly as verdictOf judges it', () => {
    const s = summarize([summaryCheck('K-1', 'fail')]);
    expect(runVerdict(s)).toEqual(verdictOf(s));
    expect(renderMarkdown(s)).not.toContain('## Baseline');
  });
});
