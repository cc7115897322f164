// The verdict line is honest: a run that could not complete says why and how
// many checks could not run (never "1 check failed" alone), a refused set of
// keys is exit 3, and JUnit and merges carry the same reason.
import { describe, expect, it } from 'vitest';
import { renderJunit } from '../report/junit.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { mergeSummaries } from '../report/shard-set.ts';
import { summaryCheck } from './support/summary-checks.ts';
import { buildSummary, verdictOf, type Summary, type SummaryCheck } from '../report/summary.ts';

const routes = ['GET /a'];
const check = (id: string, status: SummaryCheck['status'], reason?: string): SummaryCheck => summaryCheck(id, status, { reason });
const summarize = (checks: SummaryCheck[], over: Partial<Summary> = {}) =>
  buildSummary(
    { runId: 'bk1', baseUrl: 'http://h/api/v1', level: 'profile', readOnly: false, checks, harnessProblems: [], ...over },
    routes,
  );
const notRun = (n: number, reason: string) => Array.from({ length: n }, (_, i) => check(`N-${i}`, 'error', `not run: ${reason}`));

describe('the verdict', () => {
  it('of a run with a failing check is FAILED, whatever else could not run, and says how many and why', () => {
    const stop = 'the deployment stopped answering: 5 requests in a row got no answer';
    const s = summarize([check('A', 'fail'), check('B', 'pass'), ...notRun(36, stop)], { incomplete: { exitCode: 2, reason: stop } });
    expect(verdictOf(s)).toEqual({
      exitCode: 1,
      label: 'FAILED',
      reason: `1 check failed; 36 checks could not run (${stop}); the run was cut short: ${stop}.`,
    });
    expect(renderMarkdown(s)).toContain('# bucketkit conformance: FAILED');
  });

  it("of a run of a team's own tests alone is theirs: PASSED when they pass, FAILED when one fails, never NO RESULTS", () => {
    const user = (title: string, status: 'passed' | 'failed') => ({ title, file: 'e2e/files.spec.ts', status });
    const passing = summarize([], { userTests: [user('lists', 'passed'), user('tags', 'passed')] });
    expect(verdictOf(passing)).toEqual({
      exitCode: 0,
      label: 'PASSED',
      reason: '2 of your own tests passed, none failed (no check of the kit ran).',
    });
    const failing = summarize([check('B', 'pass')], { userTests: [user('lists', 'failed'), user('tags', 'passed')] });
    expect(verdictOf(failing)).toEqual({ exitCode: 1, label: 'FAILED', reason: '1 of your own tests failed.' });
    expect(verdictOf(summarize([])).label).toBe('NO RESULTS');
  });

  it('of a run cut short without a failure is INCOMPLETE, exit 2', () => {
    const stop = 'the deployment stopped answering';
    const s = summarize([check('B', 'pass'), ...notRun(3, stop)], { incomplete: { exitCode: 2, reason: stop } });
    expect(verdictOf(s)).toEqual({ exitCode: 2, label: 'INCOMPLETE', reason: `${stop}; 3 checks could not run (1 passed).` });
  });

  it('counts checks of routes the deployment does not serve apart, never as passed', () => {
    const unserved = (id: string, route: string) => ({ ...check(id, 'unserved', `not served: ${route} answered 404`), route });
    const failing = summarize([
      check('PATH-a-served', 'fail'),
      check('B', 'pass'),
      unserved('C', 'GET /a'),
      unserved('D', 'GET /a'),
      unserved('E', 'GET /b'),
    ]);
    expect(verdictOf(failing)).toEqual({
      exitCode: 1,
      label: 'FAILED',
      reason: '1 check failed; 3 checks not served (2 routes the deployment does not serve).',
    });
    expect(failing.totals).toMatchObject({ pass: 1, fail: 1, unserved: 3 });
    expect(verdictOf(summarize([unserved('C', 'GET /a')]))).toMatchObject({ exitCode: 2, label: 'NO RESULTS' });
  });

  it('of a deployment that refused every key is exit 3, wrong base URL or keys', () => {
    const reason = 'every key was refused with 401 at GET /workspaces';
    const v = verdictOf(summarize(notRun(5, reason), { incomplete: { exitCode: 3, reason } }));
    expect(v).toMatchObject({ exitCode: 3, label: 'WRONG BASE URL OR KEYS' });
    expect(v.reason).toBe(`${reason}; 5 checks could not run.`);
  });

  it('of failures next to checks that could not run names both, with the commonest reason', () => {
    const v = verdictOf(
      summarize([
        check('A', 'fail'),
        check('B', 'error', 'harness error: GET /a could not be sent'),
        check('C', 'error', 'harness error: GET /a could not be sent'),
      ]),
    );
    expect(v).toEqual({ exitCode: 1, label: 'FAILED', reason: '1 check failed; 2 checks could not run (GET /a could not be sent).' });
  });

  it('of checks that could not run without any failure is incomplete, exit 2', () => {
    expect(verdictOf(summarize([check('A', 'pass'), check('B', 'error', 'harness error: boom')]))).toEqual({
      exitCode: 2,
      label: 'INCOMPLETE',
      reason: '1 check could not run (boom): the run gives no verdict on those (1 passed).',
    });
  });
});

describe('an incomplete run', () => {
  it('is a harness error in JUnit, with durations in seconds', () => {
    const s = summarize([{ ...check('A', 'pass'), durationMs: 1500 }], {
      incomplete: { exitCode: 2, reason: 'cannot reach http://h/api/v1: ECONNREFUSED' },
    });
    const xml = renderJunit(s);
    expect(xml).toContain('<error message="the run is incomplete: cannot reach http://h/api/v1: ECONNREFUSED" type="harness"/>');
    expect(xml).toContain('time="1.500"');
  });

  it('stays incomplete when merged, each stopped shard named, the worst exit code kept', () => {
    const merged = mergeSummaries(
      [
        summarize([check('A', 'pass')], {
          runId: 'r1',
          shard: '1/2',
          incomplete: { exitCode: 2, reason: 'the deployment stopped answering' },
        }),
        summarize([check('B', 'error', 'not run: x')], {
          runId: 'r2',
          shard: '2/2',
          incomplete: { exitCode: 3, reason: 'every key was refused' },
        }),
      ],
      routes,
    );
    expect(merged.incomplete).toEqual({
      exitCode: 3,
      reason: 'shard 1/2: the deployment stopped answering; shard 2/2: every key was refused',
    });
    expect(verdictOf(merged).exitCode).toBe(3);
  });
});
