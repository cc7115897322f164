// The bench's command line: modes, flags, and clear errors for bad arguments.
import { describe, expect, it } from 'vitest';
import { defaultPlan, parseBenchArgs, parseSections } from '../bench/bench-options.ts';

describe('bench arguments', () => {
  it('runs every part with three 3 s rounds per cell by default (9 s of load per cell)', () => {
    const plan = parseBenchArgs([]);
    expect(plan).toMatchObject({ mode: 'full', durationSec: 3, rounds: 3, connections: 10, outFile: 'BENCHMARKS.md' });
    expect(plan !== 'help' && plan.sections).toEqual(['throughput', 'cold-start', 'listing', 'conformance', 'profile']);
  });

  it('keeps --quick short and leaves out the suite and the profile', () => {
    const plan = parseBenchArgs(['--quick']);
    expect(plan).toMatchObject({ mode: 'quick', durationSec: 2, rounds: 1, coldStartRuns: 1, listSamples: 200 });
    expect(plan !== 'help' && plan.sections).toEqual(['throughput', 'cold-start', 'listing']);
  });

  it('takes quick mode from npm when run as "npm run bench --quick" without the --', () => {
    expect(parseBenchArgs([], { npm_config_quick: 'true' })).toMatchObject({ mode: 'quick' });
    expect(parseBenchArgs([], { npm_config_quick: undefined })).toMatchObject({ mode: 'full' });
  });

  it('adds the suite back to a quick run with --conformance, and drops the profile of a full run with --no-profile', () => {
    const quick = parseBenchArgs(['--quick', '--conformance']);
    expect(quick !== 'help' && quick.sections).toContain('conformance');
    const full = parseBenchArgs(['--no-profile']);
    expect(full !== 'help' && full.sections).not.toContain('profile');
  });

  it('runs only the parts --only names, in the bench order', () => {
    const plan = parseBenchArgs(['--only', 'profile,throughput']);
    expect(plan !== 'help' && plan.sections).toEqual(['throughput', 'profile']);
  });

  it('reads --seed and --out', () => {
    expect(parseBenchArgs(['--seed', '7', '--out', 'reports/b.md'])).toMatchObject({ seed: 7, outFile: 'reports/b.md', rerender: false });
  });

  it('only rewrites the report with --rerender', () => {
    expect(parseBenchArgs(['--rerender'])).toMatchObject({ rerender: true });
  });

  it('rejects unknown arguments, bad seeds, non-markdown outputs and unknown parts with the fix', () => {
    expect(() => parseBenchArgs(['--fast'])).toThrow(/Unknown argument "--fast".*--help/);
    expect(() => parseBenchArgs(['--seed', '-1'])).toThrow(/--seed must be a whole number/);
    expect(() => parseBenchArgs(['--seed'])).toThrow(/--seed needs a value/);
    expect(() => parseBenchArgs(['--out', 'bench.txt'])).toThrow(/\.md file/);
    expect(() => parseSections('throughput,speed')).toThrow(/unknown part "speed"/);
    expect(() => parseSections(' , ')).toThrow(/at least one part/);
  });

  it('answers --help with "help"', () => {
    expect(parseBenchArgs(['--quick', '--help'])).toBe('help');
  });

  it('plans both world sizes of the issue in either mode', () => {
    expect(defaultPlan('quick').fileCounts).toEqual([10_000, 100_000]);
    expect(defaultPlan('full').fileCounts).toEqual([10_000, 100_000]);
  });
});
