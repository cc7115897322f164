// Drives one server with one request under bounded autocannon load and keeps only honest numbers.
import autocannon, { type AutocannonResult } from 'autocannon';
import type { LoadCell, ServerName } from './bench-results.ts';
import type { LoadCase } from './bench-requests.ts';
import { httpCall } from './http-probe.ts';
import { median } from './stats.ts';

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
}

const MAX_CONNECTIONS = 10;
const MAX_DURATION_SEC = 10;

/** Refuses loads beyond the bench's bounds (the machine is shared). */
export function checkLoadSettings(settings: LoadSettings): void {
  if (!Number.isInteger(settings.connections) || settings.connections < 1 || settings.connections > MAX_CONNECTIONS) {
    throw new Error(`connections must be 1..${MAX_CONNECTIONS}, got ${settings.connections}`);
  }
  for (const key of ['durationSec', 'warmupSec'] as const) {
    if (!(settings[key] >= 0 && settings[key] <= MAX_DURATION_SEC))
      throw new Error(`${key} must be 0..${MAX_DURATION_SEC} s, got ${settings[key]}`);
  }
}

/** Turns autocannon's result into a cell: only the expected status counts as throughput. */
export function toLoadCell(server: ServerName, loadCase: LoadCase, result: AutocannonResult, note: string): LoadCell {
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const counted = statusCounts[String(loadCase.expectedStatus)] ?? 0;
  return {
    server,
    caseName: loadCase.caseName,
    expectedStatus: loadCase.expectedStatus,
    reqPerSec: result.duration > 0 ? counted / result.duration : 0,
    roundsReqPerSec: [result.duration > 0 ? counted / result.duration : 0],
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statusCounts,
    unexpected: responses - counted,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    note,
  };
}

/**
 * Merges the rounds of one server and request: req/s, p50 and p99 are the medians of the rounds,
 * counts are summed, so nothing any round saw is dropped.
 */
export function combineRounds(rounds: LoadCell[]): LoadCell {
  if (rounds.length === 0) throw new Error('combineRounds needs at least one round');
  const statusCounts: Record<string, number> = {};
  for (const round of rounds)
    for (const [code, n] of Object.entries(round.statusCounts)) statusCounts[code] = (statusCounts[code] ?? 0) + n;
  const sum = (pick: (c: LoadCell) => number) => rounds.reduce((total, c) => total + pick(c), 0);
  return {
    ...rounds[0],
    reqPerSec: median(rounds.map((c) => c.reqPerSec)),
    roundsReqPerSec: rounds.map((c) => c.reqPerSec),
    p50Ms: median(rounds.map((c) => c.p50Ms)),
    p99Ms: median(rounds.map((c) => c.p99Ms)),
    statusCounts,
    unexpected: sum((c) => c.unexpected),
    errors: sum((c) => c.errors),
    timeouts: sum((c) => c.timeouts),
    bytesPerResponse: sum((c) => c.bytesPerResponse) / rounds.length,
  };
}

/** How many list items one response holds, for the table's note. */
async function describeAnswer(url: string, loadCase: LoadCase): Promise<string> {
  const answer = await httpCall(url, { headers: loadCase.headers });
  try {
    const data = (JSON.parse(answer.body) as { data?: unknown }).data;
    return Array.isArray(data) ? `${answer.status}, ${data.length} item${data.length === 1 ? '' : 's'}` : String(answer.status);
  } catch {
    return `${answer.status}, not JSON`;
  }
}

/** Warm-up, then the measured run, of one request against one server's API base URL. */
export async function runLoadCell(server: ServerName, apiBaseUrl: string, loadCase: LoadCase, settings: LoadSettings): Promise<LoadCell> {
  checkLoadSettings(settings);
  const url = apiBaseUrl + loadCase.path;
  const answer = await describeAnswer(url, loadCase);
  const options = { url, connections: settings.connections, headers: loadCase.headers, timeout: 5 };
  if (settings.warmupSec > 0) await autocannon({ ...options, duration: settings.warmupSec });
  const result = await autocannon({ ...options, duration: settings.durationSec });
  return toLoadCell(server, loadCase, result, `${loadCase.note} (${answer})`);
}
