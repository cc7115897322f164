// Summary counts, exit codes (a run that verified nothing is 2), shard merging,
// markdown failures with curl, and the ledger.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeSummaries } from '../report/shard-set.ts';
import { summaryCheck } from './support/summary-checks.ts';
import { buildSummary, exitCodeOf, verdictOf, type Summary, type SummaryCheck } from '../report/summary.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { appendLedger, pendingEntries, readLedger } from '../ledger/ledger.ts';

const routes = ['GET /a', 'POST /b'];
const check = summaryCheck;
const summarize = (checks: SummaryCheck[], over: Partial<Summary> = {}) =>
  buildSummary(
    { runId: 'bk1', baseUrl: 'http://h/api/v1', level: 'profile', readOnly: false, checks, harnessProblems: [], ...over },
    routes,
  );

describe('the summary', () => {
  it('counts per status, area and route, and lists routes no check ran', () => {
    const s = summarize([check('A', 'pass'), check('B', 'fail', { area: 'scopes' }), check('C', 'skip', { route: 'POST /b' })]);
    expect(s.totals).toEqual({ pass: 1, fail: 1, skip: 1, disabled: 0, error: 0, unserved: 0, unbuilt: 0 });
    expect(s.areas.scopes.fail).toBe(1);
    expect(s.routes['GET /a'].areas).toEqual(['auth', 'scopes']);
    expect(s.uncoveredRoutes).toEqual(['POST /b']);
  });

  it('exits 0 only without failures; harness errors are 2, failures 1', () => {
    expect(exitCodeOf(summarize([check('A', 'pass'), check('B', 'skip')]))).toBe(0);
    expect(exitCodeOf(summarize([check('A', 'error')]))).toBe(2);
    expect(exitCodeOf(summarize([check('A', 'error'), check('B', 'fail')]))).toBe(1);
  });

  it('a run in which no check ran (none passed or failed, skips or not) exits 2 with the reason', () => {
    expect(exitCodeOf(summarize([]))).toBe(2);
    expect(exitCodeOf(summarize([check('A', 'skip'), check('B', 'disabled')]))).toBe(2);
    const verdict = verdictOf(summarize([check('A', 'skip')]));
    expect(verdict.label).toBe('NO RESULTS');
    expect(verdict.reason).toMatch(/^no check ran \(0 passed, 0 failed, 1 skipped, 0 disabled, 0 not served\): nothing was verified/);
    expect(verdict.reason).not.toContain('\n');
    expect(renderMarkdown(summarize([]))).toContain('# bucketkit conformance: NO RESULTS');
    expect(verdictOf(summarize([check('A', 'pass')])).label).toBe('PASSED');
  });

  it('merges a complete shard set: every check once, counts recomputed, shards named', () => {
    const merged = mergeSummaries(
      [
        summarize([check('A', 'pass'), check('B', 'skip')], { runId: 'bk1', shard: '1/2' }),
        summarize([check('C', 'fail'), check('D', 'pass')], { runId: 'bk2', shard: '2/2' }),
      ],
      routes,
    );
    expect(merged.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['A:pass', 'B:skip', 'C:fail', 'D:pass']);
    expect(merged.totals.fail).toBe(1);
    expect(merged.runId).toBe('bk1+bk2');
    expect(renderMarkdown(merged)).toContain('merged from shards 1/2, 2/2');
  });

  it('shows every failure with expected, actual and the curl command', () => {
    const md = renderMarkdown(
      summarize([
        check('B', 'fail', {
          failure: { expected: 'a 4xx refusal', actual: '200', curl: 'curl -H "Authorization: Bearer $BUCKETKIT_KEY_FULL" x' },
        }),
      ]),
    );
    expect(md).toContain('# bucketkit conformance: FAILED');
    expect(md).toContain('- expected: a 4xx refusal');
    expect(md).toContain('curl -H "Authorization: Bearer $BUCKETKIT_KEY_FULL" x');
  });
});

describe('the ledger', () => {
  it('keeps what is not cleaned yet, and the first intelligence state per bucket', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bk-ledger-')), 'ledger.jsonl');
    appendLedger(path, { kind: 'file', bucketId: 'b', id: 'f1', path: 'p/1' });
    appendLedger(path, { kind: 'file', bucketId: 'b', id: 'f2', path: 'p/2' });
    appendLedger(path, { kind: 'intelligence', bucketId: 'b', instructions: 'before' });
    appendLedger(path, { kind: 'intelligence', bucketId: 'b', instructions: 'later' });
    appendLedger(path, { kind: 'cleaned', id: 'f1' });
    const pending = pendingEntries(readLedger(path));
    expect(pending.files.map((f) => f.id)).toEqual(['f2']);
    expect(pending.intelligence.map((i) => i.instructions)).toEqual(['before']);
  });

  it('names the file when a ledger is missing', () => {
    expect(() => readLedger('/nonexistent/ledger.jsonl')).toThrow(/does not exist/);
  });
});
