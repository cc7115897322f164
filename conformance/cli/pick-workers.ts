// How many Playwright workers a run gets when --workers does not say. A check
// mostly waits, and a worker runs one check at a time: on a slow deployment
// each request is the wait, so the workers follow its latency; on a fast one
// the waits are the checks that watch a refused write for the whole
// consistency window, so the workers follow that window — up to the most whose
// start-up (about two CPU-seconds each) still costs less than the waits they
// overlap. A few unauthenticated requests measure the latency first; a
// deployment answering them 5xx gets the fewest workers (see pickWorkers).
import { hasConfigSource, loadConfig } from '../config/load-config.ts';
import { overrideOf } from '../config/config-types.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import type { CliOptions } from '../config/cli-args.ts';
import { EMBEDDED_OVERRIDES } from '../embedded/embedded-keys.ts';
import { readCa } from '../config/read-ca.ts';
import { routeById } from '../client/request-builder.ts';

/**
 * Fewest and most workers; one per `perMs` of latency, and at least one per `perWindowMs` of consistency window (up
 * to `windowMax`). Measured on a two-core runner against a deployment answering at once with the default 5 s window:
 * 4 workers took 52–55 s, 6 took 46–55 s, 8 took 44–50 s, 10 took 48 s and 12 took 58 s.
 */
export const WORKER_RANGE = { min: 4, max: 16, perMs: 20, perWindowMs: 625, windowMax: 8 } as const;
const PROBES = 3;

/** Workers for a latency and a consistency window, both in milliseconds. */
export function workersFor(latencyMs: number, windowMs: number): number {
  const forWindow = Math.min(WORKER_RANGE.windowMax, Math.ceil(windowMs / WORKER_RANGE.perWindowMs));
  const forLatency = Math.ceil(latencyMs / WORKER_RANGE.perMs);
  return Math.min(WORKER_RANGE.max, Math.max(WORKER_RANGE.min, forWindow, forLatency));
}

/** What a few unauthenticated GETs of the base URL's first listing showed: their median time, and whether any answered 5xx. */
async function probe(baseUrl: string, timeoutMs: number, ca: string | undefined): Promise<{ latencyMs?: number; failing: boolean }> {
  const transport = createTransport({ baseUrl, timeoutMs, concurrency: 1, transient: { maxAttempts: 1 }, ...(ca ? { ca } : {}) });
  // The contract's listing of workspaces: its path has no parameter, so it needs nothing but the base URL.
  const url = `${baseUrl}${routeById('listWorkspaces').pathTemplate}`;
  const times: number[] = [];
  let failing = false;
  try {
    for (let i = 0; i < PROBES; i++) {
      const started = performance.now();
      const status = await transport
        .send({ method: 'GET', url, headers: {}, carriesKey: false })
        .then((answer) => answer.status)
        .catch(() => undefined);
      if (status === undefined) continue;
      times.push(performance.now() - started);
      failing ||= status >= 500;
    }
  } finally {
    await transport.close();
  }
  return { latencyMs: times.length ? times.sort((a, b) => a - b)[Math.floor(times.length / 2)] : undefined, failing };
}

/**
 * The workers of a run: the embedded mock answers at once; a deployment by its measured latency and its window (the
 * most when it does not answer). One that answers a request without a key 5xx, where the seed has it refused, will
 * fail many checks, and Playwright replaces the worker after each failing test: there worker starts, not waits, take
 * the time, and the fewest workers start with the least contention.
 */
export async function pickWorkers(options: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  if (!hasConfigSource(options.config, env)) return workersFor(0, EMBEDDED_OVERRIDES.consistencyWindowMs);
  const config = loadConfig(options.config, env);
  const ca = options.ca ? readCa(options.ca) : undefined;
  const seen = await probe(config.baseUrl, Math.min(options.requestTimeoutMs, 5000), ca);
  if (seen.latencyMs === undefined) return WORKER_RANGE.max;
  if (seen.failing) return WORKER_RANGE.min;
  return workersFor(seen.latencyMs, overrideOf(config.overrides, 'consistencyWindowMs'));
}
