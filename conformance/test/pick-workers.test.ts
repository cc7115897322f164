// The CLI's choice of Playwright workers: by the deployment's latency, measured
// with a few unauthenticated requests, and by its consistency window (the
// checks that watch a refused write idle that long), within the range; the
// fewest for one answering 5xx, the most for one that does not answer; the
// embedded mock's own window.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../config/cli-args.ts';
import { pickWorkers, workersFor, WORKER_RANGE } from '../cli/pick-workers.ts';
import { closedAfterEach } from './support/closed-after-each.ts';
import { serve } from './support/wire-servers.ts';

const opened = closedAfterEach();

/** A deployment's variables: a server's base URL, one key, and the overrides given. */
function deploymentEnv(origin: string, overrides?: object): NodeJS.ProcessEnv {
  return {
    BUCKETKIT_BASE_URL: `${origin}/api/v1`,
    BUCKETKIT_WORKSPACE_ID: 'ws_1',
    BUCKETKIT_BUCKET_ALLOWED: 'b_1',
    BUCKETKIT_BUCKET_OTHER: 'b_2',
    BUCKETKIT_KEYS: JSON.stringify([{ name: 'full', scopes: ['workspaces:read'], bucketIds: null }]),
    ...(overrides ? { BUCKETKIT_OVERRIDES: JSON.stringify(overrides) } : {}),
  };
}

/** A deployment answering `status` (401 by default) to everything after `delayMs`. */
async function answeringAfter(delayMs: number, status = 401) {
  return opened.keep(
    await serve((_req, res) => {
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"no"}'), delayMs);
    }),
  );
}

describe('workersFor', () => {
  it('follows the latency, one worker per 20 ms, within the range', () => {
    expect(workersFor(0, 0)).toBe(WORKER_RANGE.min);
    expect(workersFor(200, 0)).toBe(10);
    expect(workersFor(300, 1000)).toBe(15);
    expect(workersFor(5000, 5000)).toBe(WORKER_RANGE.max);
  });

  it('keeps enough workers to overlap the checks that idle for the consistency window, up to its cap', () => {
    expect(workersFor(0, 1000)).toBe(WORKER_RANGE.min);
    expect(workersFor(0, 3000)).toBe(5);
    expect(workersFor(0, 5000)).toBe(8);
    expect(workersFor(0, 60_000)).toBe(WORKER_RANGE.windowMax);
    expect(workersFor(100, 5000)).toBe(8);
  });
});

describe('pickWorkers', () => {
  it('measures a slow deployment and gives it a worker per 20 ms of latency', async () => {
    const server = await answeringAfter(200);
    const env = deploymentEnv(server.origin, { consistencyWindowMs: 1000 });
    const workers = await pickWorkers(parseArgs([], env), env);
    expect(workers).toBeGreaterThanOrEqual(10);
    expect(workers).toBeLessThanOrEqual(12);
    // The probes carry no key.
    expect(server.received.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('gives a fast deployment the workers its consistency window calls for', async () => {
    const server = await answeringAfter(0);
    const fast = deploymentEnv(server.origin);
    expect(await pickWorkers(parseArgs([], fast), fast)).toBe(8);
    const short = deploymentEnv(server.origin, { consistencyWindowMs: 1000 });
    expect(await pickWorkers(parseArgs([], short), short)).toBe(WORKER_RANGE.min);
  });

  it('gives a deployment answering 5xx where the seed refuses the fewest workers, however slow it is', async () => {
    // Its checks fail, and Playwright replaces a worker after each failing test: more workers only start more at once.
    for (const delayMs of [0, 200]) {
      const server = await answeringAfter(delayMs, 500);
      const env = deploymentEnv(server.origin);
      expect(await pickWorkers(parseArgs([], env), env)).toBe(WORKER_RANGE.min);
    }
  });

  it('gives a deployment that does not answer the most workers', async () => {
    const server = await answeringAfter(0);
    const origin = server.origin;
    await server.close();
    const env = deploymentEnv(origin);
    expect(await pickWorkers(parseArgs([], env), env)).toBe(WORKER_RANGE.max);
  });

  it('gives the embedded mock the workers of its one-second window', async () => {
    expect(await pickWorkers(parseArgs([], {}), {})).toBe(WORKER_RANGE.min);
  });
});
