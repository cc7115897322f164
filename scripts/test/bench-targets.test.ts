// The targets judged against a run: PASS, MISS, and N/A when nothing was measured.
import { describe, expect, it } from 'vitest';
import { evaluateTargets } from '../bench/targets.ts';
import { median, percentile, ratio } from '../bench/stats.ts';
import { passingResults } from './bench-fixtures.ts';

const verdictOf = (results: ReturnType<typeof passingResults>, target: RegExp) =>
  evaluateTargets(results).find((v) => target.test(v.target));

describe('bench statistics', () => {
  it('takes nearest-rank percentiles of unsorted values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(median([3, 1, 2])).toBe(2);
  });

  it('gives NaN for no values and refuses percentiles outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(/0\.\.100/);
  });

  it('gives NaN for a ratio over nothing measured rather than Infinity', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(10, 0)).toBeNaN();
    expect(ratio(Number.NaN, 4)).toBeNaN();
  });
});

describe('bench targets', () => {
  it('passes every target of a run that meets them', () => {
    const verdicts = evaluateTargets(passingResults());
    expect(verdicts).toHaveLength(11);
    expect(verdicts.filter((v) => v.verdict !== 'PASS')).toEqual([]);
  });

  it('misses the Prism ratio when the mock is under 5× Prism on one request', () => {
    const results = passingResults();
    results.load.find((c) => c.server === 'prism' && c.caseName === 'refused-scope')!.reqPerSec = 1500;
    expect(verdictOf(results, /5× Prism.*refused/)).toEqual({ target: expect.any(String), measured: '4.00×', verdict: 'MISS' });
    expect(verdictOf(results, /5× Prism.*list workspaces/)?.verdict).toBe('PASS');
  });

  it('misses the bare ratio under 0.3×, and counts exactly 0.3× as met', () => {
    const results = passingResults();
    results.load.find((c) => c.server === 'bare' && c.caseName === 'list-workspaces')!.reqPerSec = 20_001;
    expect(verdictOf(results, /bare node:http.*list workspaces/)?.verdict).toBe('MISS');
    results.load.find((c) => c.server === 'bare' && c.caseName === 'list-workspaces')!.reqPerSec = 20_000;
    expect(verdictOf(results, /bare node:http.*list workspaces/)?.verdict).toBe('PASS');
  });

  it('judges cold start on the npm start command only', () => {
    const results = passingResults();
    results.coldStarts.push({ label: 'Prism 5', command: 'prism', runsMs: [4000], medianMs: 4000, isStartCommand: false });
    expect(verdictOf(results, /cold start/)?.verdict).toBe('PASS');
    results.coldStarts[0].medianMs = 401;
    expect(verdictOf(results, /cold start/)).toMatchObject({ measured: '401 ms', verdict: 'MISS' });
  });

  it('misses listing p99 and RSS over their limits at 100k files', () => {
    const results = passingResults();
    results.listing[1].p99Ms = 12;
    results.footprints[0].rssMb = 301;
    expect(verdictOf(results, /tag listing/)?.verdict).toBe('MISS');
    expect(verdictOf(results, /prefix listing/)?.verdict).toBe('PASS');
    expect(verdictOf(results, /RSS/)).toMatchObject({ measured: '301 MB (peak 260 MB)', verdict: 'MISS' });
  });

  it('says N/A, never PASS, for what was not measured', () => {
    const results = passingResults();
    results.load = [];
    results.coldStarts = [];
    results.listing = [];
    results.footprints = [];
    results.conformance = { status: 'not available', command: 'npx bucketkit conformance', detail: 'no bin' };
    expect(new Set(evaluateTargets(results).map((v) => v.verdict))).toEqual(new Set(['N/A']));
  });

  it('times a failing suite too, and misses it over 30 s', () => {
    const results = passingResults();
    results.conformance = { status: 'failed', wallMs: 31_000, command: 'npx bucketkit conformance', detail: 'Exit code 1.' };
    expect(verdictOf(results, /conformance/)).toMatchObject({ measured: '31.0 s', verdict: 'MISS' });
  });
});
