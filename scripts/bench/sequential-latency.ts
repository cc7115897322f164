// Times requests one after another over one keep-alive connection: the latency a single client sees.
import { Agent } from 'node:http';
import { httpCall } from './http-probe.ts';
import { percentile } from './stats.ts';

export interface SequentialTiming {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  itemsPerPage: number;
}

const WARMUP_REQUESTS = 20;

/** `samples` sequential GETs after a short warm-up; any status but `expectedStatus` aborts with the body. */
export async function timeSequential(
  url: string,
  headers: Record<string, string>,
  samples: number,
  expectedStatus = 200,
): Promise<SequentialTiming> {
  if (!Number.isInteger(samples) || samples < 1 || samples > 10_000) throw new Error(`samples must be 1..10000, got ${samples}`);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let itemsPerPage = 0;
  try {
    for (let i = 0; i < WARMUP_REQUESTS + samples; i++) {
      const start = performance.now();
      const answer = await httpCall(url, { headers, agent });
      const elapsed = performance.now() - start;
      if (answer.status !== expectedStatus)
        throw new Error(`GET ${new URL(url).pathname} answered ${answer.status}, expected ${expectedStatus}: ${answer.body.slice(0, 300)}`);
      if (i >= WARMUP_REQUESTS) latencies.push(elapsed);
      if (i === 0) itemsPerPage = ((JSON.parse(answer.body) as { data?: unknown[] }).data ?? []).length;
    }
  } finally {
    agent.destroy();
  }
  return { samples, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), itemsPerPage };
}
