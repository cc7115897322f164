// A reset at the largest world (500k files) keeps the mock serving: other
// clients are answered between the slices of POST /__mock/reset, and the world
// is the seeded one afterwards (the longest stall is printed).
import { describe, expect, it } from 'vitest';
import { loadBundledSpec, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { createMockApp } from '../app/create-mock-app.ts';
import { MAX_FILE_COUNT } from '../world/generate-world.ts';
import type { MockRequest } from '../core/types.ts';

/**
 * The reset is sliced (~15 ms a slice; a rebuild at once takes ~3 s): clients are answered between its slices. How
 * long the loop stalls is printed, not asserted: on a shared machine it also counts other processes' turns and the
 * collector's pauses. A rebuild at once would let at most one request through before its answer.
 */
const SERVED_BETWEEN_SLICES = 3;

const request = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown): MockRequest => ({
  method,
  path,
  query: '',
  headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
  body: body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body)),
});

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Gap {
  readonly from: number;
  readonly to: number;
  readonly cpu: number;
}

/** How long the collector paused the main thread within [from, to]. */
const pausedWithin = (pauses: readonly PerformanceEntry[], { from, to }: Gap) =>
  pauses.reduce((sum, p) => sum + Math.max(0, Math.min(to, p.startTime + p.duration) - Math.max(from, p.startTime)), 0);

/**
 * While `work` runs, the longest gap between ticks of a 1 ms timer (how long the event loop was held at a time)
 * and the most work of this process's own within one gap (see the bounds above).
 */
async function longestStall<T>(work: () => Promise<T>): Promise<{ stallMs: number; workMs: number; result: T }> {
  const pauses: PerformanceEntry[] = [];
  const collector = new PerformanceObserver((list) => pauses.push(...list.getEntries()));
  collector.observe({ entryTypes: ['gc'] });
  const gaps: Gap[] = [];
  let last = performance.now();
  let lastCpu = cpuMs();
  const tick = () => {
    const [now, cpu] = [performance.now(), cpuMs()];
    gaps.push({ from: last, to: now, cpu: cpu - lastCpu });
    [last, lastCpu] = [now, cpu];
  };
  const probe = setInterval(tick, 1);
  try {
    const result = await work();
    tick();
    clearInterval(probe);
    // Collection entries arrive on a later turn of the loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    pauses.push(...collector.takeRecords());
    const stallMs = Math.max(...gaps.map((g) => g.to - g.from));
    const workMs = Math.max(...gaps.map((g) => Math.min(g.cpu, g.to - g.from) - pausedWithin(pauses, g)));
    return { stallMs, workMs, result };
  } finally {
    clearInterval(probe);
    collector.disconnect();
  }
}

describe(`POST /__mock/reset at ${MAX_FILE_COUNT} files`, () => {
  it('serves other clients between its slices and restores the seeded world', async () => {
    // Validators compiled up front: the background warm-up of a fresh app is not what this measures.
    const app = createMockApp({ spec: loadBundledSpec(), seed: 7, files: MAX_FILE_COUNT, validator: loadSchemaValidator() });
    const key = app.presetKeys.full;
    const auth = { authorization: `Bearer ${key}` };
    const bucketId = app.world.buckets[0].id;
    const filesPath = `/api/v1/workspaces/${app.world.workspaces[0].id}/buckets/${bucketId}/files`;
    const first = async () =>
      JSON.parse((await app.handle({ ...request('GET', filesPath, auth), query: 'limit=1' })).body as string).data[0];
    const file = await first();
    // A change the reset must undo.
    const patched = await app.handle(request('PATCH', `${filesPath}/${file.id}`, auth, { description: 'changed before the reset' }));
    expect(patched.status).toBe(200);

    // Answers to other clients that arrived before the reset's own answer.
    let servedDuring = 0;
    const { stallMs, workMs, result } = await longestStall(async () => {
      let done = false;
      const reset = app.handle(request('POST', '/__mock/reset', {}, {})).finally(() => (done = true));
      while (!done) {
        const answer = await app.handle(request('GET', '/api/v1/workspaces', auth));
        if (answer.status === 200 && !done) servedDuring++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return reset;
    });
    console.log(
      `longest event-loop stall during a reset at ${MAX_FILE_COUNT} files: ${stallMs.toFixed(0)} ms (${workMs.toFixed(0)} ms of its own work in one gap, collector pauses aside); ${servedDuring} requests served meanwhile`,
    );

    expect(result.status).toBe(200);
    expect(servedDuring).toBeGreaterThanOrEqual(SERVED_BETWEEN_SLICES);
    expect((await first()).description).toBe(file.description);
  }, 180_000);
});
