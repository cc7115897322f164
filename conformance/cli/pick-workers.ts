// How many Playwright workers a run gets when --workers does not say: a check
// mostly waits on the deployment, so a slow deployment needs many workers to
// keep its requests in flight, while on a fast one each worker's start-up and
// bookkeeping are what the run spends its CPU on. A few unauthenticated
// requests measure the latency before the run starts.
import { hasConfigSource, loadConfig } from '../config/load-config.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import type { CliOptions } from '../config/cli-args.ts';
import { readCa } from '../config/read-ca.ts';

/** Fewest and most workers picked; one per this many milliseconds of latency in between. */
export const WORKER_RANGE = { min: 4, max: 16, perMs: 20 } as const;
const PROBES = 3;

/** Workers for a latency in milliseconds. */
export function workersFor(latencyMs: number): number {
  return Math.min(WORKER_RANGE.max, Math.max(WORKER_RANGE.min, Math.ceil(latencyMs / WORKER_RANGE.perMs)));
}

/** The median time of a few unauthenticated GETs of the base URL's first listing; undefined when none answered. */
async function latencyOf(baseUrl: string, timeoutMs: number, ca: string | undefined): Promise<number | undefined> {
  const transport = createTransport({ baseUrl, timeoutMs, concurrency: 1, transient: { maxAttempts: 1 }, ...(ca ? { ca } : {}) });
  const times: number[] = [];
  try {
    for (let i = 0; i < PROBES; i++) {
      const started = performance.now();
      const answered = await transport
        .send({ method: 'GET', url: `${baseUrl}/workspaces`, headers: {}, carriesKey: false })
        .then(() => true)
        .catch(() => false);
      if (answered) times.push(performance.now() - started);
    }
  } finally {
    await transport.close();
  }
  return times.length ? times.sort((a, b) => a - b)[Math.floor(times.length / 2)] : undefined;
}

/** The workers of a run: the embedded mock answers at once; a deployment by its measured latency (the most when it does not answer). */
export async function pickWorkers(options: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  if (!hasConfigSource(options.config, env)) return WORKER_RANGE.min;
  const ca = options.ca ? readCa(options.ca) : undefined;
  const latency = await latencyOf(loadConfig(options.config, env).baseUrl, Math.min(options.requestTimeoutMs, 5000), ca);
  return latency === undefined ? WORKER_RANGE.max : workersFor(latency);
}
