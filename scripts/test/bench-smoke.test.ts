// A short real run of the bench on loopback (mock, Prism and bare servers, tiny durations), and crashes and time limits as failed rows.
import { describe, expect, it } from 'vitest';
import { mockArgs, runToEnd, startMock } from '../bench/measure.ts';
import { evaluateTargets, renderReport } from '../bench/report.ts';
import { parseBenchArgs, runBench, type Plan } from '../bench/run-bench.ts';

const tiny = (overrides: Partial<Plan>): Plan => {
  const quick = parseBenchArgs(['--quick']) as Plan;
  return { ...quick, durationSec: 0.3, warmupSec: 0, files: [2000], listSamples: 30, stallBytes: 16_000, soakSec: 2, ...overrides };
};

describe('the bench on real servers', () => {
  it('measures throughput, a world, the stall and a short soak, and its report carries numbers and no key', async () => {
    const log: string[] = [];
    const r = await runBench(tiny({ parts: ['throughput', 'worlds', 'stall', 'soak'] }), [], (line) => log.push(line));
    expect(r.failures).toEqual([]);
    expect(log.filter((l) => l.includes(': done in ')).map((l) => l.split(':')[0])).toEqual(['throughput', 'worlds', 'stall', 'soak']);
    expect(r.load).toHaveLength(9);
    for (const l of r.load) expect(l.reqPerSec, `${l.request} on ${l.server}`).toBeGreaterThan(0);
    expect(r.load.find((l) => l.server === 'mock' && l.expected === 403)?.statusCounts['403']).toBeGreaterThan(0);
    expect(r.load.find((l) => l.server === 'mock' && l.expected === 200)?.note).toMatch(/\(200, 1 item\)$/);
    const [world] = r.worlds;
    expect([world.files, world.error, world.listing.map((l) => [l.filter, l.items > 0, l.p99Ms > 0])]).toEqual([
      2000,
      undefined,
      [
        ['prefix', true, true],
        ['tag', true, true],
      ],
    ]);
    expect(world.peakRssMb).toBeGreaterThan(20);
    expect(world.resetMs).toBeGreaterThan(0);
    expect(r.stall).toMatchObject({ status: 422, failures: 0, repeats: 1 });
    expect(r.stall!.answers).toBeGreaterThan(5);
    expect(r.soak!.samples.length).toBeGreaterThanOrEqual(4);
    expect(Number.isFinite(r.soak!.slope)).toBe(true);
    expect(Object.keys(r.soak!.answers).every((s) => s.startsWith('2'))).toBe(true);
    // Judged, not necessarily met: 0.3 s without warm-up on a shared machine proves the wiring, not the speed.
    expect(evaluateTargets(r).filter((t) => t.target.startsWith('mock ≥') && t.verdict === 'not measured')).toEqual([]);
    const report = renderReport(r);
    expect(report).not.toMatch(/bk_[a-z]+_[0-9a-f]{8}/);
    expect(report).not.toContain(process.cwd());
  }, 60_000);

  it('reports a mock that refuses to start as a failed row and goes on; one not ready in time is stopped', async () => {
    const r = await runBench(tiny({ parts: ['worlds'], files: [600_000_000, 2000] }));
    expect(r.worlds[0].error).toMatch(/^the mock exited with code 2 before it was ready: --files must be an integer/);
    expect([r.worlds[1].files, r.worlds[1].error, r.worlds[1].listing.length]).toEqual([2000, undefined, 2]);
    await expect(startMock(mockArgs(2000), 1)).rejects.toThrow(/^the mock was not ready within 0\.001 s/);
  }, 30_000);

  it('runs a command to its end with its last line redacted, and stops one that outlives its limit', async () => {
    const done = await runToEnd('node', ['-e', 'console.log("Bearer bk_test_0123456789abcdef")'], 30_000);
    expect(done).toMatchObject({ command: expect.stringMatching(/^node -e/), code: 0, lastLine: 'Bearer <redacted>' });
    const stuck = await runToEnd('node', ['-e', 'setTimeout(() => {}, 60_000)'], 1_000);
    expect([stuck.code, stuck.wallMs < 10_000]).toEqual([null, true]);
  }, 30_000);
});
