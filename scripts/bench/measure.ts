// How the bench measures: statistics, loopback HTTP calls, autocannon load, sequential latency, RSS and an event-loop probe.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

/** The p-th percentile (0–100) of the values, nearest-rank method; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0..100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1];
}

/** The median (p50) of the values. */
export const median = (values: readonly number[]): number => percentile(values, 50);

/** Least-squares line through the points: its slope and the slope's standard error (NaN below 3 points). */
export function fitSlope(points: readonly { x: number; y: number }[]): { slope: number; stderr: number } {
  const n = points.length;
  if (n < 2) return { slope: Number.NaN, stderr: Number.NaN };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return { slope: Number.NaN, stderr: Number.NaN };
  const slope = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  const residuals = points.reduce((s, p) => s + (p.y - my - slope * (p.x - mx)) ** 2, 0);
  return { slope, stderr: n > 2 ? Math.sqrt(residuals / (n - 2) / sxx) : Number.NaN };
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One HTTP request on loopback; rejects on a connection error or after `timeoutMs`. */
export function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: Agent; timeoutMs?: number } = {},
): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
      );
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer from ${new URL(url).origin} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A JSON call that must answer `expected`; returns the parsed body. */
export async function callJson<T>(url: string, expected: number, options: Parameters<typeof call>[1] = {}): Promise<T> {
  const answer = await call(url, options);
  const where = `${options.method ?? 'GET'} ${new URL(url).pathname}`;
  if (answer.status !== expected) throw new Error(`${where} answered ${answer.status}, expected ${expected}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as T;
}

/** Current and peak resident memory of a live process, from /proc (Linux), in MB. */
export function readRss(pid: number): { rssMb: number; peakRssMb: number } {
  return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

/** VmRSS and VmHWM of a /proc/<pid>/status text, in MB (1024² bytes). */
export function parseProcStatus(status: string): { rssMb: number; peakRssMb: number } {
  const mb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc status has no ${field} line`);
    return Number(match[1]) / 1024;
  };
  return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM') };
}

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
}

export interface LoadResult {
  /** Responses with the expected status per second; no other status counts. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
}

/** Bounded autocannon load (warm-up, then measured) of one GET; only `expected` answers count as throughput. */
export async function load(url: string, headers: Record<string, string>, expected: number, settings: LoadSettings): Promise<LoadResult> {
  if (!(settings.connections >= 1 && settings.connections <= 10)) throw new Error(`connections must be 1..10, got ${settings.connections}`);
  if (!(settings.durationSec > 0 && settings.durationSec <= 10))
    throw new Error(`load duration must be 0..10 s, got ${settings.durationSec}`);
  const options = { url, headers, connections: settings.connections, timeout: 5 };
  if (settings.warmupSec > 0) await autocannon({ ...options, duration: settings.warmupSec });
  const result = await autocannon({ ...options, duration: settings.durationSec });
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
  const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  return {
    reqPerSec: result.duration > 0 ? (statusCounts[String(expected)] ?? 0) / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
  };
}

/** Merges the rounds of one server and request: medians of req/s, p50 and p99; counts summed, so nothing any round saw is dropped. */
export function combineRounds(rounds: LoadResult[]): LoadResult {
  if (rounds.length === 0) throw new Error('combineRounds needs at least one round');
  const statusCounts: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCounts)) statusCounts[code] = (statusCounts[code] ?? 0) + n;
  const sum = (pick: (r: LoadResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    reqPerSec: median(rounds.map((r) => r.reqPerSec)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    statusCounts,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    bytesPerResponse: sum((r) => r.bytesPerResponse) / rounds.length,
  };
}

/** `samples` GETs one after another on one keep-alive connection (after 20 unmeasured): the latency one client sees. */
export async function sequential(
  url: string,
  headers: Record<string, string>,
  samples: number,
): Promise<{ p50Ms: number; p99Ms: number; items: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let items = 0;
  try {
    for (let i = -20; i < samples; i++) {
      const answer = await call(url, { headers, agent });
      if (answer.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      if (i >= 0) times.push(answer.ms);
      else items = (JSON.parse(answer.body) as { data: unknown[] }).data.length;
    }
  } finally {
    agent.destroy();
  }
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), items };
}

export interface Probe {
  /** Stops probing; the longest time between two answers, and how many answered. */
  stop(): Promise<{ maxGapMs: number; answers: number; failures: number }>;
}

/**
 * A GET every `intervalMs` on its own keep-alive connection, one at a time: while the server's event loop
 * is blocked no answer comes, so the longest gap between answers is the longest block (plus up to one interval).
 */
export function startProbe(url: string, headers: Record<string, string>, intervalMs = 10): Probe {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  let last = performance.now();
  let maxGapMs = 0;
  let answers = 0;
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const answer = await call(url, { headers, agent, timeoutMs: 30_000 });
        if (answer.status === 200) answers++;
        else failures++;
      } catch {
        failures++;
      }
      const now = performance.now();
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      await new Promise((r) => setTimeout(r, Math.max(0, intervalMs - (now - started))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return { maxGapMs, answers, failures };
    },
  };
}
