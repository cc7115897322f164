// The bench's command line: what --quick and a full run do, where each writes, and the options it refuses.
import { describe, expect, it } from 'vitest';
import { parseBenchArgs, type BenchPlan } from '../bench/run-bench.ts';

const plan = (argv: string[], env: Record<string, string> = {}) => parseBenchArgs(argv, env) as BenchPlan;

describe('bench options', () => {
  it('a full run measures everything but the self-test, soaks 180 s and writes the tracked BENCHMARKS.md', () => {
    const full = plan([]);
    expect(full.sections).toEqual(['throughput', 'cold-start', 'worlds', 'stall', 'soak', 'conformance']);
    expect(full).toMatchObject({ mode: 'full', soakSec: 180, rounds: 3, outFile: 'BENCHMARKS.md', worldSizes: [10_000, 100_000, 500_000] });
  });

  it('--quick skips the soak, the suite and 500k files, and writes under reports/bench', () => {
    const quick = plan(['--quick']);
    expect(quick.sections).toEqual(['throughput', 'cold-start', 'worlds', 'stall']);
    expect(quick).toMatchObject({
      mode: 'quick',
      soakSec: 0,
      rounds: 1,
      outFile: 'reports/bench/BENCHMARKS.md',
      worldSizes: [10_000, 100_000],
    });
  });

  it('honours npm_config_quick, which `npm run bench --quick` (without --) sets', () => {
    expect(plan([], { npm_config_quick: 'true' }).mode).toBe('quick');
  });

  it('--quick refuses to write the tracked BENCHMARKS.md, however it is spelled', () => {
    expect(() => parseBenchArgs(['--quick', '--out', 'BENCHMARKS.md'])).toThrow(/never writes the tracked BENCHMARKS\.md/);
    expect(() => parseBenchArgs(['--quick', '--out', './scripts/../BENCHMARKS.md'])).toThrow(/never writes the tracked/);
    expect(plan(['--quick', '--out', 'reports/q.md']).outFile).toBe('reports/q.md');
  });

  it('a partial full run writes under reports/bench unless --out names a file', () => {
    expect(plan(['--only', 'stall']).outFile).toBe('reports/bench/BENCHMARKS.md');
    expect(plan(['--files', '1000']).outFile).toBe('reports/bench/BENCHMARKS.md');
    expect(plan(['--only', 'stall', '--out', 'BENCHMARKS.md']).outFile).toBe('BENCHMARKS.md');
  });

  it('turns the opt-in parts on and the default ones off', () => {
    expect(plan(['--quick', '--soak', '60', '--selftest', '--conformance']).sections).toEqual([
      'throughput',
      'cold-start',
      'worlds',
      'stall',
      'soak',
      'conformance',
      'selftest',
    ]);
    expect(plan(['--soak', '0', '--no-conformance']).sections).not.toContain('soak');
    expect(plan(['--no-conformance']).sections).not.toContain('conformance');
    expect(plan(['--only', 'worlds, stall', '--files', '2000,3000'])).toMatchObject({
      sections: ['worlds', 'stall'],
      worldSizes: [2000, 3000],
    });
  });

  it('refuses unknown or malformed options with a message naming the fix', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown option '--fast'/);
    expect(() => parseBenchArgs(['--soak', '10'])).toThrow(/--soak must be a whole number from 30 to 3600, got "10"/);
    expect(() => parseBenchArgs(['--soak', '1e3'])).toThrow(/--soak must be a whole number/);
    expect(() => parseBenchArgs(['--files', '10k'])).toThrow(/--files must be a whole number/);
    expect(() => parseBenchArgs(['--seed=-1'])).toThrow(/--seed must be a whole number/);
    expect(() => parseBenchArgs(['--out', 'report.txt'])).toThrow(/--out must name a \.md file/);
    expect(() => parseBenchArgs(['--only', 'profile'])).toThrow(/--only takes parts from throughput, cold-start/);
    expect(() => parseBenchArgs(['--quick', '--only', 'soak'])).toThrow(/--only soak needs --soak SECONDS/);
    expect(() => parseBenchArgs(['--conformance', '--no-conformance'])).toThrow(/contradict/);
  });

  it('answers --help with the usage instead of a plan', () => {
    expect(parseBenchArgs(['--help'])).toBe('help');
  });
});
