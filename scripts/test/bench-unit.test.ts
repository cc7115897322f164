// The bench without servers: its options and their refusals, the statistics, typed routes, redaction, the targets and the report.
import { describe, expect, it } from 'vitest';
import { childCpuMs, testSteps } from '../bench/test-parts.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import {
  combineRounds,
  commonest,
  explain,
  fitSlope,
  median,
  OPERATIONS,
  pathOf,
  percentile,
  procMemory,
  redact,
  repoRoot,
  route,
} from '../bench/measure.ts';
import { evaluateTargets, renderReport, REQUESTS, table, type BenchResults, type ServerName } from '../bench/report.ts';
import { bigTrashBody, parseBenchArgs, type Plan } from '../bench/run-bench.ts';

const plan = (...argv: string[]) => parseBenchArgs(argv) as Plan;

describe('bench options', () => {
  it('a full run measures all but the self-test (generated worlds included), soaks 180 s and writes the tracked BENCHMARKS.md', () => {
    expect(plan()).toMatchObject({ mode: 'full', soakSec: 180, rounds: 3, out: 'BENCHMARKS.md', files: [10_000, 100_000, 500_000] });
    expect(plan().parts).toEqual(['throughput', 'cold-start', 'worlds', 'stall', 'soak', 'conformance', 'deployments', 'compositions']);
  });

  it('--quick (or npm_config_quick) skips the soak, the suite and 500k files, and writes only under reports/bench', () => {
    expect(plan('--quick')).toMatchObject({
      mode: 'quick',
      soakSec: 0,
      rounds: 1,
      out: 'reports/bench/BENCHMARKS.md',
      files: [10_000, 100_000],
    });
    expect(plan('--quick').parts).toEqual(['throughput', 'cold-start', 'worlds', 'stall']);
    expect((parseBenchArgs([], { npm_config_quick: 'true' }) as Plan).out).toBe('reports/bench/BENCHMARKS.md');
  });

  it('a narrowed run writes under reports/bench too, and opt-in parts come on when asked', () => {
    expect(plan('--only', 'worlds, stall', '--files', '2000,3000')).toMatchObject({ parts: ['worlds', 'stall'], files: [2000, 3000] });
    expect(plan('--only', 'stall').out).toBe('reports/bench/BENCHMARKS.md');
    expect(plan('--files', '1000').out).toBe('reports/bench/BENCHMARKS.md');
    expect(plan('--quick', '--soak', '60', '--selftest').parts).toEqual([
      'throughput',
      'cold-start',
      'worlds',
      'stall',
      'soak',
      'selftest',
    ]);
    expect(plan('--soak', '0').parts).not.toContain('soak');
    expect(parseBenchArgs(['--help'])).toBe('help');
  });

  it('refuses unknown or malformed options with a message naming the fix', () => {
    expect(() => plan('--fast')).toThrow(/Unknown option '--fast'/);
    expect(() => plan('--out', 'BENCHMARKS.md')).toThrow(/Unknown option '--out'/);
    expect(() => plan('--soak', '10')).toThrow(/--soak must be a whole number from 30 to 3600, got "10"/);
    expect(() => plan('--soak', '1e3')).toThrow(/--soak must be a whole number/);
    expect(() => plan('--files', '10k')).toThrow(/--files must be a whole number/);
    expect(() => plan('--only', 'profile')).toThrow(/--only takes parts from throughput, cold-start/);
    expect(() => plan('--quick', '--only', 'soak')).toThrow(/--only soak needs --soak SECONDS/);
  });
});

describe('statistics', () => {
  it('takes nearest-rank percentiles, the lower middle as the median of an even count, NaN of nothing', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect([percentile(values, 50), percentile(values, 99), percentile(values, 0), median([400, 100])]).toEqual([5, 10, 1, 100]);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(values, 101)).toThrow(/within 0\.\.100/);
  });

  it('fits the slope of a straight line exactly, finds a noisy flat series flat, and gives no slope without spread', () => {
    const line = fitSlope([0, 1, 2, 3].map((x) => ({ x, y: 200 + 2.5 * x })));
    expect([line.slope, line.stderr]).toEqual([2.5, 0]);
    const flat = fitSlope([0, 1, 2, 3, 4, 5].map((x) => ({ x, y: 300 + (x % 2 ? 4 : -4) })));
    expect(Math.abs(flat.slope)).toBeLessThan(1);
    expect(flat.stderr).toBeGreaterThan(0.5);
    expect(fitSlope([{ x: 1, y: 1 }]).slope).toBeNaN();
    expect(fitSlope([1, 9].map((y) => ({ x: 1, y }))).slope).toBeNaN();
  });

  it('merges load rounds by their medians and keeps every status, error and timeout any round saw', () => {
    const round = (reqPerSec: number, statusCounts: Record<string, number>, errors = 0) => {
      return { reqPerSec, p50Ms: reqPerSec / 1000, p99Ms: reqPerSec / 100, statusCounts, errors, timeouts: errors, bytesPerResponse: 300 };
    };
    const merged = combineRounds([round(900, { 200: 9 }), round(1200, { 200: 12, 500: 1 }, 2), round(1000, { 200: 10 })]);
    expect(merged).toEqual({
      reqPerSec: 1000,
      p50Ms: 1,
      p99Ms: 10,
      statusCounts: { 200: 31, 500: 1 },
      errors: 2,
      timeouts: 2,
      bytesPerResponse: 300,
    });
  });

  it('reads current and peak RSS in MB from /proc status', () => {
    expect(procMemory('Name:\tnode\nVmHWM:\t  262144 kB\nVmRSS:\t  131072 kB\n')).toEqual({ rssMb: 128, peakRssMb: 256 });
    expect(procMemory('Name:\tnode\n').rssMb).toBeNaN();
  });
});

describe('requests from the spec', () => {
  it('fills paths from the route table, and every operation the bench names is in the spec', () => {
    const ids = { workspaceId: 'ws_1', bucketId: 'bkt_2' };
    const template = route('listFiles').pathTemplate.replace('{workspaceId}', 'ws_1').replace('{bucketId}', 'bkt_2');
    expect(pathOf('listFiles', ids, { prefix: 'a b/', limit: 100 })).toBe(`${template}?prefix=a+b%2F&limit=100`);
    expect(Object.keys(OPERATIONS).map((op) => route(op as keyof typeof OPERATIONS).operationId)).toEqual(Object.keys(OPERATIONS));
    // @ts-expect-error: an operation the spec does not have is a type error, not a runtime surprise.
    expect(() => pathOf('listFilez', {})).toThrow(/no operation listFilez/);
  });

  it('fills the big trash body with distinct ids of the spec, as many as fit and not one more', () => {
    const idPattern = new RegExp((loadBundledSpec().components!.schemas!.Id as { pattern: string }).pattern);
    for (const limit of [1000, 1001, 16_000]) {
      const body = bigTrashBody(limit);
      expect(JSON.stringify(body).length).toBeLessThanOrEqual(limit);
      expect(JSON.stringify({ fileIds: [...body.fileIds, body.fileIds[0]] }).length).toBeGreaterThan(limit);
      expect(new Set(body.fileIds).size).toBe(body.fileIds.length);
      expect(body.fileIds.every((id) => idPattern.test(id))).toBe(true);
    }
    expect(bigTrashBody(1 << 20).fileIds.length).toBeGreaterThan(65_000);
  });

  it('picks the commonest filter value, ties going to the alphabetically first', () => {
    expect(commonest(['b/', 'a/', 'b/', 'a/', 'c/'], 'folders')).toBe('a/');
    expect(() => commonest([], 'tags')).toThrow(/no tags to filter on/);
  });

  it("masks keys and this checkout's paths, and explains a crash by its error line", () => {
    expect(redact(`key bk_full_da3653acc68a10d07eb2ca6c and Bearer abc.def in ${repoRoot}mocks`)).toBe(
      'key <redacted> and Bearer <redacted> in mocks',
    );
    const stderr = `${repoRoot}mocks/store/x.ts:40\n  sorted.push(...files)\nRangeError: Maximum call stack size exceeded\n    at more\n\nNode.js v20\n`;
    expect(explain(stderr)).toBe('RangeError: Maximum call stack size exceeded');
    expect(explain('first\nlast line\n')).toBe('last line');
  });
});

function results(): BenchResults {
  const load = (server: ServerName, request: string, reqPerSec: number) => {
    const expected = request === REQUESTS.refused ? 403 : 200;
    const base = { request, server, expected, note: `${server} answer`, rounds: [reqPerSec], reqPerSec, p50Ms: 0, p99Ms: 3 };
    return { ...base, statusCounts: { [expected]: reqPerSec * 2 }, errors: 0, timeouts: 0, bytesPerResponse: 400 };
  };
  const listing = (filter: 'prefix' | 'tag', p99Ms: number) => ({ filter, value: 'docs/', samples: 1000, items: 100, p50Ms: 0.4, p99Ms });
  return {
    mode: 'full',
    machine: [['Date', '2026-01-01T00:00:00Z']],
    commands: ['npm run bench'],
    load: Object.values(REQUESTS).flatMap((q) => [load('mock', q, 6000), load('prism', q, 1000), load('bare', q, 10000)]),
    coldStarts: [{ label: 'mock (npm start)', command: 'node mocks/http/start.mjs', runsMs: [390, 350, 500] }],
    worlds: [
      { files: 100_000, readyMs: 1500, rssMb: 220, peakRssMb: 310, resetMs: 400, listing: [listing('prefix', 3), listing('tag', 12)] },
      {
        files: 500_000,
        listing: [],
        error: 'the mock exited with code 1 before it was ready: RangeError: Maximum call stack size exceeded',
      },
    ],
    stall: { ids: 65_535, bytes: 1_048_573, status: 422, requestMs: 30, maxGapMs: 140, repeats: 3, answers: 90, failures: 0 },
    soak: {
      seconds: 180,
      warmupSec: 60,
      samples: [0, 180].map((tSec) => ({ tSec, rssMb: 100 })),
      slope: -0.4,
      stderr: 0.2,
      answers: { 200: 10, error: 1 },
    },
    conformance: { command: 'npx bucketkit conformance', code: 0, wallMs: 8000, lastLine: '10 passed, 0 failed', tail: '' },
    failures: [{ part: 'selftest', error: 'the self-test stopped at the time limit' }],
    notes: [],
  };
}
const verdicts = (r: BenchResults) => Object.fromEntries(evaluateTargets(r).map((t) => [t.target, `${t.verdict}: ${t.measured}`]));

describe('targets', () => {
  it('judges each target met or NOT MET against its bound', () => {
    expect(verdicts(results())).toMatchObject({
      'mock ≥ 5× Prism req/s: list workspaces': 'met: 6.00×',
      'mock ≥ 0.3× bare node:http req/s: refused (missing scope)': 'met: 0.60×',
      'mock cold start (npm start) ≤ 400 ms': 'met: 390 ms',
      'peak RSS at 100k files ≤ 300 MB': 'NOT MET: 310 MB',
      'tag listing p99 at 100k files ≤ 10 ms': 'NOT MET: 12 ms',
      'POST /__mock/reset at 100k files ≤ 1 s': 'met: 0.40 s',
      'big-body request (1 MiB of ids) answered ≤ 50 ms': 'met: 30 ms',
      'no event-loop block > 100 ms meanwhile': 'NOT MET: 140 ms',
      'soak RSS flat: growth beyond noise (|slope| − 2 SE) < 1 MB/min after warm-up': 'met: 0.00 MB/min',
      'conformance suite passes in ≤ 30 s wall': 'met: 8.00 s',
    });
  });

  it('counts a soak slope as growth only beyond two standard errors', () => {
    const soak = results().soak!;
    const judge = (slope: number, stderr: number) =>
      verdicts({ ...results(), soak: { ...soak, slope, stderr } })[
        'soak RSS flat: growth beyond noise (|slope| − 2 SE) < 1 MB/min after warm-up'
      ];
    expect(judge(-2.45, 5.09)).toBe('met: 0.00 MB/min');
    expect(judge(1.5, 0.2)).toBe('NOT MET: 1.10 MB/min');
  });

  it('counts a crash or a failed part as NOT MET with its reason, and a part that did not run as not measured', () => {
    const r = { ...results(), load: [], conformance: { ...results().conformance!, code: 1, lastLine: '3 passed, 1 failed' } };
    expect(verdicts(r)).toMatchObject({
      'ready at 500k files ≤ 10 s': expect.stringMatching(/^NOT MET: failed: the mock exited with code 1 .*Maximum call stack/),
      'self-test passes in less than before the redesign (156 s)': 'NOT MET: failed: the self-test stopped at the time limit',
      'conformance suite passes in ≤ 30 s wall': 'NOT MET: failed: exit 1: 3 passed, 1 failed',
      'mock ≥ 5× Prism req/s: list workspaces': 'not measured: not measured',
    });
  });
});

describe('the report', () => {
  it('pads tables and escapes pipes in cells', () => {
    expect(table('A|Long header', [['a|b', 1]])).toBe(
      ['| A    | Long header |', '|------|-------------|', '| a\\|b | 1           |'].join('\n'),
    );
  });

  it('writes ratios of the same run, every answered status, failed rows and the findings into one document', () => {
    const r = results();
    Object.assign(r.load[0], { statusCounts: { 500: 3, 200: 100 }, errors: 2, timeouts: 1, rounds: [5900, 6000, 6100] });
    const report = renderReport(r, '## Findings\n\nHand-written.');
    expect(report).toMatch(/\| list workspaces\s+\| 6\.00×\s+\| 0\.60×\s+\|/);
    expect(report).toMatch(/\| 200×100, 500×3, 2 errors \(1 timeouts\)\s+\| 6,000 \(5,900 \/ 6,000 \/ 6,100\)\s+\|/);
    expect(report).toMatch(/\| 500,000 \| –\s+\| –\s+\| –\s+\| –\s+\| FAILED: the mock exited with code 1/);
    expect(report).toMatch(/\| -0\.40 ± 0\.20 MB\/min\s+\|/);
    expect(report).toContain('Answers (no answer: "error"): 200×10, error×1.');
    expect(report).toContain('## Failures\n\n- selftest: the self-test stopped at the time limit');
    expect(report).not.toContain('## Notes');
    expect(report.trimEnd().endsWith('## Findings\n\nHand-written.')).toBe(true);
  });

  it('says which parts did not run instead of leaving empty tables', () => {
    const r = { ...results(), load: [], worlds: [], coldStarts: [], stall: undefined, soak: undefined, conformance: undefined };
    const report = renderReport(r);
    for (const part of ['Throughput', 'Cold start', 'Listing', 'Event-loop stall'])
      expect(report).toMatch(new RegExp(`## ${part}[^#]*\n\nNot measured in this run\\.\n\n## `));
    expect(report).toMatch(/## Soak[^#]*\n\nNot run \(opt-in: `--soak SECONDS`/);
    expect(report).toContain('Suite against the embedded mock: not run.');
    expect(report).not.toContain('mock / Prism');
  });
});

describe('the test-budget rows', () => {
  it("are the steps of the package's npm test, in its order, a chain of npm scripts timed step by step", () => {
    const pkg = JSON.stringify({ scripts: { test: 'npm run a && npm run both', a: 'x', both: 'npm run b && npm run c', b: 'y', c: 'z' } });
    expect(testSteps(pkg)).toEqual(['a', 'b', 'c']);
    expect(testSteps()).toContain('test:unit');
    expect(() => testSteps(JSON.stringify({ scripts: { test: 'npm run a; rm -rf x' } }))).toThrow(/only "npm run <script>" steps/);
  });

  it("read the CPU of a step's processes from bash's times: the children's user plus system time", () => {
    expect(childCpuMs('0m0.005s 0m0.002s\n1m2.500s 0m3.250s\n')).toBe(65_750);
    expect(childCpuMs('')).toBeUndefined();
  });
});
