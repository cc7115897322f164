// A short real run of the bench on loopback (mock, Prism and bare servers, tiny durations), and crashes reported as rows.
import { describe, expect, it } from 'vitest';
import { measureWorlds } from '../bench/mock-only.ts';
import { renderReport } from '../bench/report.ts';
import { evaluateTargets } from '../bench/results.ts';
import { parseBenchArgs, runBench, type BenchPlan } from '../bench/run-bench.ts';
import { timeCommand } from '../bench/servers.ts';

describe('the bench on real servers', () => {
  it('measures every quick part plus a short soak, and its report carries numbers and no key', async () => {
    const plan: BenchPlan = {
      ...(parseBenchArgs(['--quick']) as BenchPlan),
      sections: ['throughput', 'worlds', 'stall', 'soak'],
      durationSec: 0.3,
      warmupSec: 0,
      worldSizes: [2000],
      listSamples: 30,
      stallBodyBytes: 16_000,
      soakSec: 2,
      soakSampleSec: 0.4,
    };
    const times: string[] = [];
    const results = await runBench(plan, [], (line) => times.push(line));
    expect(results.failures).toEqual([]);
    expect(times.filter((t) => t.includes(': done in ')).map((t) => t.split(':')[0])).toEqual(['throughput', 'worlds', 'stall', 'soak']);
    expect(results.load.map((l) => `${l.request} ${l.server}`)).toHaveLength(9);
    for (const l of results.load) expect(l.reqPerSec, `${l.request} on ${l.server}`).toBeGreaterThan(0);
    expect(results.load.find((l) => l.server === 'mock' && l.expected === 403)?.statusCounts['403']).toBeGreaterThan(0);
    const world = results.worlds[0];
    expect([world.files, world.error]).toEqual([2000, undefined]);
    expect(world.listing.map((l) => [l.filter, l.items > 0, l.p99Ms > 0])).toEqual([
      ['prefix', true, true],
      ['tag', true, true],
    ]);
    expect(world.peakRssMb).toBeGreaterThan(20);
    expect(world.resetMs).toBeGreaterThan(0);
    expect(results.stall).toMatchObject({ status: 422, probeFailures: 0 });
    expect(results.stall!.probeAnswers).toBeGreaterThan(5);
    expect(results.soak!.samples.length).toBeGreaterThanOrEqual(4);
    expect(Number.isFinite(results.soak!.slopeMbPerMin)).toBe(true);
    expect(Object.keys(results.soak!.statusCounts).every((s) => s.startsWith('2'))).toBe(true);
    // Judged, not necessarily met: 0.3 s without warm-up on a shared machine proves the wiring, not the speed.
    const ratios = evaluateTargets(results).filter((t) => t.target.startsWith('mock ≥'));
    expect(ratios.map((t) => t.verdict).filter((v) => v !== 'met' && v !== 'NOT MET')).toEqual([]);
    const report = renderReport(results);
    expect(report).not.toMatch(/bk_[a-z]+_[0-9a-f]{8}/);
    expect(report).not.toContain(process.cwd());
  }, 90_000);

  it('reports a mock that refuses to start or is not ready in time as a failed row, and goes on', async () => {
    const rows = await measureWorlds([600_000_000, 2000], 5, undefined, 60_000);
    expect(rows[0].error).toMatch(/^the mock exited with code 2 before it was ready: --files must be an integer/);
    expect([rows[1].files, rows[1].error, rows[1].listing.length]).toEqual([2000, undefined, 2]);
    const [late] = await measureWorlds([2000], 5, undefined, 1);
    expect(late.error).toMatch(/^the mock was not ready within 0\.001 s/);
  }, 60_000);

  it('times a command with the duration it prints, and stops one that outlives its limit', async () => {
    const done = await timeCommand(
      ['node', '-e', 'console.log("self-test took 1.5 s"); console.log("Bearer bk_test_0123456789abcdef")'],
      30_000,
      /self-test took ([\d.]+) s/,
    );
    expect(done).toMatchObject({
      command: expect.stringMatching(/^npx node -e/),
      code: 0,
      reportedSec: 1.5,
      lastLine: 'Bearer <redacted>',
    });
    const stuck = await timeCommand(['node', '-e', 'setTimeout(() => {}, 60_000)'], 1_000);
    expect(stuck.code).toBeNull();
    expect(stuck.wallMs).toBeLessThan(20_000);
  }, 60_000);
});
