// The bench's logic without servers: statistics, the slope fit, /proc parsing, the big body, redaction, typed routes, targets and the report.
import { describe, expect, it } from 'vitest';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { commonest, pathOf, route } from '../bench/api.ts';
import { combineRounds, fitSlope, median, parseProcStatus, percentile } from '../bench/measure.ts';
import { bigTrashBody } from '../bench/mock-only.ts';
import { renderReport, table } from '../bench/report.ts';
import { evaluateTargets, type BenchResults, type LoadRow, type ServerName } from '../bench/results.ts';
import { explain, redact, repoRoot } from '../bench/servers.ts';

describe('statistics', () => {
  it('takes nearest-rank percentiles, the lower middle as the median of an even count, NaN of nothing', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(median([400, 100])).toBe(100);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(values, 101)).toThrow(/within 0\.\.100/);
  });

  it('fits the slope of a straight line exactly, with no error', () => {
    const fit = fitSlope([0, 1, 2, 3].map((x) => ({ x, y: 200 + 2.5 * x })));
    expect(fit.slope).toBeCloseTo(2.5, 10);
    expect(fit.stderr).toBeCloseTo(0, 10);
  });

  it('finds a flat series flat and gives its noise as the standard error', () => {
    const fit = fitSlope([0, 1, 2, 3, 4, 5].map((x) => ({ x, y: 300 + (x % 2 ? 4 : -4) })));
    expect(Math.abs(fit.slope)).toBeLessThan(1);
    expect(fit.stderr).toBeGreaterThan(0.5);
  });

  it('gives no slope for fewer than two points or a single moment', () => {
    expect(fitSlope([{ x: 1, y: 1 }]).slope).toBeNaN();
    expect(
      fitSlope([
        { x: 1, y: 1 },
        { x: 1, y: 9 },
      ]).slope,
    ).toBeNaN();
  });

  it('merges load rounds by their medians and keeps every status, error and timeout any round saw', () => {
    const round = (reqPerSec: number, statusCounts: Record<string, number>, errors = 0) => ({
      reqPerSec,
      p50Ms: reqPerSec / 1000,
      p99Ms: reqPerSec / 100,
      statusCounts,
      errors,
      timeouts: errors,
      bytesPerResponse: 300,
    });
    expect(combineRounds([round(900, { 200: 9 }), round(1200, { 200: 12, 500: 1 }, 2), round(1000, { 200: 10 })])).toEqual({
      reqPerSec: 1000,
      p50Ms: 1,
      p99Ms: 10,
      statusCounts: { 200: 31, 500: 1 },
      errors: 2,
      timeouts: 2,
      bytesPerResponse: 300,
    });
    expect(() => combineRounds([])).toThrow(/at least one round/);
  });

  it('reads current and peak RSS in MB from /proc status', () => {
    expect(parseProcStatus('Name:\tnode\nVmHWM:\t  262144 kB\nVmRSS:\t  131072 kB\n')).toEqual({ rssMb: 128, peakRssMb: 256 });
    expect(() => parseProcStatus('Name:\tnode\n')).toThrow(/no VmRSS/);
  });
});

describe('the big trash body', () => {
  it('holds as many distinct, well-formed ids as fit in the limit, and not one more', () => {
    const { body, bytes } = bigTrashBody(1000);
    expect(JSON.stringify(body).length).toBe(bytes);
    expect(bytes).toBeLessThanOrEqual(1000);
    expect(JSON.stringify({ fileIds: [...body.fileIds, body.fileIds[0]] }).length).toBeGreaterThan(1000);
    expect(new Set(body.fileIds).size).toBe(body.fileIds.length);
    const idPattern = new RegExp((loadBundledSpec().components!.schemas!.Id as { pattern: string }).pattern);
    expect(body.fileIds.every((id) => idPattern.test(id))).toBe(true);
  });

  it('fills the 1 MiB body limit by default', () => {
    const { body, bytes } = bigTrashBody();
    expect(bytes).toBeGreaterThan(1024 * 1024 - 20);
    expect(body.fileIds.length).toBeGreaterThan(60_000);
  });
});

describe('routes and world values', () => {
  it('fills paths from the route table and encodes the query', () => {
    const ids = { workspaceId: 'ws_1', bucketId: 'bkt_2' };
    expect(pathOf('listFiles', ids, { prefix: 'a b/', limit: 100 })).toBe(
      `${route('listFiles').pathTemplate.replace('{workspaceId}', 'ws_1').replace('{bucketId}', 'bkt_2')}?prefix=a+b%2F&limit=100`,
    );
    expect(route('trashFiles').method).toBe('POST');
    // @ts-expect-error: an operation the spec does not have is a type error, not a runtime surprise.
    expect(() => pathOf('listFilez', {})).toThrow(/no operation listFilez/);
  });

  it('picks the commonest value, ties going to the alphabetically first', () => {
    expect(commonest(['b/', 'a/', 'b/', 'a/', 'c/'], 'folders')).toBe('a/');
    expect(() => commonest([], 'tags')).toThrow(/no tags to filter on/);
  });
});

describe('what leaves a run', () => {
  it('masks keys and bearer values', () => {
    expect(redact('key bk_full_da3653acc68a10d07eb2ca6c and Bearer abc.def')).toBe('key <redacted> and Bearer <redacted>');
  });

  it("explains a crash by its error line, without keys or this machine's paths", () => {
    const stderr = `${repoRoot}mocks/store/x.ts:40\n    sorted.push(...files)\n           ^\nRangeError: Maximum call stack size exceeded at ${repoRoot}mocks/store/x.ts:40 (bk_test_0123456789abcdef)\n    at more\n`;
    expect(explain(stderr)).toBe('RangeError: Maximum call stack size exceeded at mocks/store/x.ts:40 (<redacted>)');
    expect(explain('first\nlast line\n')).toBe('last line');
  });
});

function row(server: ServerName, request: string, reqPerSec: number, extra: Partial<LoadRow> = {}): LoadRow {
  const expected = request.startsWith('refused') ? 403 : 200;
  return {
    request,
    server,
    expected,
    rounds: [reqPerSec],
    note: `${server} answer`,
    reqPerSec,
    p50Ms: 0,
    p99Ms: 3,
    statusCounts: { [expected]: reqPerSec * 2 },
    errors: 0,
    timeouts: 0,
    bytesPerResponse: 400,
    ...extra,
  };
}

function results(): BenchResults {
  const requests = ['list workspaces', 'list files (prefix, limit 100)', 'refused (missing scope)'];
  return {
    mode: 'full',
    machine: { date: '2026-01-01T00:00:00Z', cpu: '2 cores, Test CPU', node: 'v20.20.2', platform: 'linux test', load: [0.1, 0.2, 0.3] },
    settings: 'full: test',
    commands: ['npm run bench'],
    load: requests.flatMap((q) => [row('mock', q, 6000), row('prism', q, 1000), row('bare', q, 10000)]),
    coldStarts: [{ label: 'mock (npm start)', command: 'node mocks/http/start.mjs', runsMs: [390, 350, 500], isStartCommand: true }],
    worlds: [
      {
        files: 100_000,
        readyMs: 1500,
        rssMb: 220,
        peakRssMb: 310,
        resetMs: 400,
        listing: [
          { filter: 'prefix', value: 'docs/', samples: 1000, items: 100, p50Ms: 0.4, p99Ms: 3 },
          { filter: 'tag', value: 'legal', samples: 1000, items: 100, p50Ms: 0.3, p99Ms: 12 },
        ],
      },
      {
        files: 500_000,
        listing: [],
        error: 'the mock exited with code 1 before it was ready: RangeError: Maximum call stack size exceeded',
      },
    ],
    stall: { ids: 65_535, bodyBytes: 1_048_573, status: 422, requestMs: 30, maxGapMs: 140, repeats: 3, probeAnswers: 90, probeFailures: 0 },
    soak: {
      seconds: 180,
      warmupSec: 60,
      samples: [
        { tSec: 0, rssMb: 100 },
        { tSec: 180, rssMb: 101 },
      ],
      slopeMbPerMin: -0.4,
      stderrMbPerMin: 0.2,
      statusCounts: { 200: 10, 201: 5 },
      errors: 0,
    },
    conformance: { command: 'npx bucketkit conformance', code: 0, wallMs: 8000, lastLine: '10 passed, 0 failed' },
    failures: [{ section: 'selftest', error: 'the self-test stopped at the time limit' }],
    notes: [],
  };
}

describe('targets', () => {
  it('judges each target met or NOT MET against its bound', () => {
    const verdicts = Object.fromEntries(evaluateTargets(results()).map((t) => [t.target, `${t.verdict}: ${t.measured}`]));
    expect(verdicts['mock ≥ 5× Prism req/s: list workspaces']).toBe('met: 6.00×');
    expect(verdicts['mock ≥ 0.3× bare node:http req/s: refused (missing scope)']).toBe('met: 0.60×');
    expect(verdicts['mock cold start (npm start) ≤ 400 ms']).toBe('met: 390 ms');
    expect(verdicts['peak RSS at 100k files ≤ 300 MB']).toBe('NOT MET: 310 MB');
    expect(verdicts['tag listing p99 at 100k files ≤ 10 ms']).toBe('NOT MET: 12 ms');
    expect(verdicts['big-body request (1 MiB of ids) answered ≤ 50 ms']).toBe('met: 30 ms');
    expect(verdicts['no event-loop block > 100 ms meanwhile']).toBe('NOT MET: 140 ms');
    expect(verdicts['soak RSS flat: |slope| < 1 MB/min after warm-up']).toBe('met: 0.40 MB/min');
    expect(verdicts['conformance suite passes in ≤ 30 s wall']).toBe('met: 8.00 s');
  });

  it('counts a crash or a failed part as NOT MET with its reason, and a part that did not run as not measured', () => {
    const r = results();
    r.load = [];
    r.conformance = { ...r.conformance!, code: 1, lastLine: '3 passed, 1 failed' };
    const verdicts = Object.fromEntries(evaluateTargets(r).map((t) => [t.target, `${t.verdict}: ${t.measured}`]));
    expect(verdicts['ready at 500k files ≤ 10 s']).toMatch(/^NOT MET: failed: the mock exited with code 1 .*Maximum call stack/);
    expect(verdicts['self-test wall time (before: 156 s)']).toBe('NOT MET: failed: the self-test stopped at the time limit');
    expect(verdicts['conformance suite passes in ≤ 30 s wall']).toBe('NOT MET: failed: exit 1: 3 passed, 1 failed');
    expect(verdicts['mock ≥ 5× Prism req/s: list workspaces']).toBe('not measured: not measured');
  });

  it('shows the self-test time as a before/after figure, with no target', () => {
    const r = results();
    r.failures = [];
    r.selftest = { command: 'npx tsx conformance/selftest/selftest.ts', code: 0, wallMs: 90_000, reportedSec: 88.5, lastLine: 'done' };
    expect(evaluateTargets(r).at(-1)).toEqual({ target: 'self-test wall time (before: 156 s)', measured: '90.00 s', verdict: 'no target' });
  });
});

describe('the report', () => {
  it('pads tables, escapes pipes and refuses rows of the wrong width', () => {
    expect(table(['A', 'Long header'], [['a|b', 1]])).toBe(
      ['| A    | Long header |', '|------|-------------|', '| a\\|b | 1           |'].join('\n'),
    );
    expect(() => table(['A', 'B'], [['one']])).toThrow(/row 1 has 1 cells, the table has 2/);
  });

  it('writes ratios of the same run, every answered status, failed rows and the findings into one document', () => {
    const r = results();
    r.load[0] = row('mock', 'list workspaces', 6000, {
      statusCounts: { 200: 100, 500: 3 },
      errors: 2,
      timeouts: 1,
      rounds: [5900, 6000, 6100],
    });
    const report = renderReport(r, '## Findings\n\nHand-written.');
    expect(report).toMatch(/\| list workspaces\s+\| 6\.00×\s+\| 0\.60×\s+\|/);
    expect(report).toContain('200×100, 500×3, 2 errors (1 timeouts)');
    expect(report).toContain('6,000 (5,900 / 6,000 / 6,100)');
    expect(report).toMatch(/\| 500,000 \| –\s+\| –\s+\| –\s+\| –\s+\| FAILED: the mock exited with code 1/);
    expect(report).toContain('-0.40 ± 0.20 MB/min');
    expect(report).toContain('Before the redesign the self-test took 156 s');
    expect(report).toContain('- selftest: the self-test stopped at the time limit');
    expect(report.trimEnd().endsWith('Hand-written.')).toBe(true);
  });

  it('says which parts did not run instead of leaving empty tables', () => {
    const r = results();
    Object.assign(r, { load: [], worlds: [], stall: undefined, soak: undefined, conformance: undefined, failures: [] });
    const report = renderReport(r);
    expect(report).toMatch(/## Throughput[^#]*Not measured in this run\./);
    expect(report).toMatch(/## Soak[^#]*Not run \(opt-in: `--soak SECONDS`/);
    expect(report).toContain('Suite against the embedded mock: not run.');
  });
});
