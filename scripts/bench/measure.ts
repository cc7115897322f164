// The bench's tools: process groups, loopback HTTP, the spec's operations by id, statistics, and the load and latency drivers.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { operations } from '../../openapi/dist/api-types.ts';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Masks bearer values, key-like tokens and this checkout's path, so no key and no machine path reaches a report. */
export const redact = (text: string): string =>
  text
    .replaceAll(repoRoot, '')
    .replace(/(Bearer\s+)\S+/gi, '$1<redacted>')
    .replace(/\bbk_\w+/g, '<redacted>')
    .replace(/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}\b/g, '<redacted>');

/** The line of a process's stderr that names its error (else its last line), redacted. */
export function explain(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim());
  const line = lines.find((l) => /\b\w*Error\b|FATAL|out of memory|could not|must be/i.test(l)) ?? lines.findLast(Boolean);
  return redact(line ?? '').slice(0, 200);
}

const live = new Set<{ pid: number; stop(): Promise<void> }>();
const kill = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
};

/** Spawns a command in the repository as the leader of a new process group; keeps the last 16 KB of its stdout and stderr. */
export function spawnGroup(command: string, args: string[], env = process.env) {
  const child = spawn(command, args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  const proc = { pid, out: '', err: '', ended: '', exit: new Promise<number | null>((done) => child.once('close', done)), stop };
  // 'close', not 'exit': by then every byte it wrote has been read.
  child.once('close', (code, sig) => (proc.ended = sig ? `killed by ${sig}` : `exited with code ${code}`));
  child.stdout.on('data', (c: Buffer) => (proc.out = (proc.out + c.toString()).slice(-16_000)));
  child.stderr.on('data', (c: Buffer) => (proc.err = (proc.err + c.toString()).slice(-16_000)));
  /** Ends the whole group: TERM, KILL after 5 s, and KILL again since grandchildren (npx, tsx) may outlive the leader. */
  async function stop(): Promise<void> {
    live.delete(proc);
    if (!proc.ended) kill(pid, 'SIGTERM');
    const hard = setTimeout(() => kill(pid, 'SIGKILL'), 5_000);
    await proc.exit;
    clearTimeout(hard);
    kill(pid, 'SIGKILL');
  }
  live.add(proc);
  return proc;
}

/** Kills every live process group when the bench exits or is interrupted. */
export function installExitGuard(): void {
  process.once('exit', () => live.forEach((p) => kill(p.pid, 'SIGKILL')));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void Promise.all([...live].map((p) => p.stop())).finally(() => process.exit(130)));
}

/** Runs a command to its end, stopped after `timeoutMs`: exit code (null when stopped), wall time, its last line of output. */
export async function runToEnd(command: string, args: string[], timeoutMs: number) {
  const t0 = performance.now();
  const proc = spawnGroup(command, args);
  let late = false;
  const timer = setTimeout(() => void ((late = true), proc.stop()), timeoutMs);
  const code = await proc.exit;
  clearTimeout(timer);
  await proc.stop();
  const lastLine = redact(proc.out.trim().split('\n').at(-1) ?? '').slice(0, 200);
  // The end of its output (16 KB at most), for a caller that reads more than the last line.
  const tail = redact(proc.out);
  return { command: [command, ...args].join(' '), code: late ? null : code, wallMs: performance.now() - t0, lastLine, tail };
}
export type Ran = Awaited<ReturnType<typeof runToEnd>>;

/**
 * Starts `node args` and waits until it is ready: `ready` is a stdout pattern whose first group is the API base URL, or a
 * probe that yields it (Prism prints nothing at `-v error`). A process that ends or times out first is stopped, and rejected.
 */
export async function startServer(what: string, args: string[], ready: RegExp | (() => Promise<string>), timeoutMs = 60_000, env?: object) {
  const t0 = performance.now();
  const proc = spawnGroup(process.execPath, args, { ...process.env, ...env });
  const command = `node ${args.join(' ')}`;
  const fail = (why: string) => new Error(`${what} ${why}${explain(proc.err) && `: ${explain(proc.err)}`}`);
  try {
    while (performance.now() - t0 < timeoutMs) {
      const apiBase = ready instanceof RegExp ? ready.exec(proc.out)?.[1] : await ready().catch(() => undefined);
      if (apiBase) return { proc, apiBase, origin: new URL(apiBase).origin, command, readyMs: performance.now() - t0 };
      if (proc.ended) throw fail(`${proc.ended} before it was ready`);
      await sleep(2);
    }
    throw fail(`was not ready within ${timeoutMs / 1000} s`);
  } catch (error) {
    await proc.stop();
    throw error;
  }
}
export type Server = Awaited<ReturnType<typeof startServer>>;

/** The arguments of `node` that start the mock as `npm start` does (or from another entry) on a free loopback port. */
export const mockArgs = (files?: number, entry = ['mocks/http/start.mjs']) =>
  [...entry, '--host', '127.0.0.1', '--port', '0'].concat(files ? ['--files', String(files)] : []);

/** The mock, ready at its banner, whose first line names the base URL (the key lines after it are never read). */
export const startMock = (args: string[], timeoutMs?: number) =>
  startServer('the mock', args, /^bucketkit mock: (http:\/\/\S+)/m, timeoutMs);

type CallOptions = { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: Agent; timeoutMs?: number };

/** One HTTP request on loopback: status, body and send-to-end milliseconds; rejects on a connection error or after `timeoutMs`. */
export function call(url: string, { method = 'GET', headers, body, agent, timeoutMs = 10_000 }: CallOptions = {}) {
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { method, headers, agent: agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - t0 }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer from ${new URL(url).origin} within ${timeoutMs} ms`)));
    req.on('error', reject).end(body);
  });
}

/** Every operation the bench calls and what for: a renamed or removed operation in the spec is a type error here. */
export const OPERATIONS = {
  listWorkspaces: 'throughput, cold start, stall probe',
  listFiles: 'throughput, listing, soak',
  trashFiles: 'stall (a 1 MiB body), soak',
  updateTrash: 'soak (purge what it uploaded)',
  presignDownload: 'soak',
  presignUpload: 'soak',
  updateFile: 'soak',
} satisfies Partial<Record<keyof operations, string>>;

type Op = keyof typeof OPERATIONS;
type Params<K extends Op> = operations[K]['parameters'];
type Ids<K extends Op> = NonNullable<Params<K>['path']> | (undefined extends Params<K>['path'] ? object : never);
type Query = NonNullable<Params<'listFiles'>['query']>;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type OpOptions<K extends Op> = { body?: Json<operations[K]['requestBody']>; query?: Query; agent?: Agent; timeoutMs?: number };

/** The route of an operation, from the route table of the bundled spec. */
export function route(op: Op) {
  const found = loadRouteTable().find((r) => r.operationId === op);
  if (!found) throw new Error(`the bundled spec has no operation ${op}; run "npm run build:spec"`);
  return found;
}

/** The path of an operation below the API base, with the listing's query. */
export function pathOf<K extends Op>(op: K, ids: Ids<K>, query: Query = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return fillPath(route(op).pathTemplate, ids as Record<string, string>) + (search && `?${search}`);
}

/** Calls an operation with a key (never logged) and a body typed from the spec. */
export function callOp<K extends Op>(server: Server, op: K, ids: Ids<K>, key: string, options: OpOptions<K> = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...(options.body && { 'content-type': 'application/json' }) };
  const body = options.body && JSON.stringify(options.body);
  return call(server.apiBase + pathOf(op, ids, options.query), { ...options, method: route(op).method, headers, body });
}

/** Calls an operation that must answer its documented success status; returns the body as the spec types it. */
export async function callOk<K extends Op>(server: Server, op: K, ids: Ids<K>, key: string, options: OpOptions<K> = {}) {
  const answer = await callOp(server, op, ids, key, options);
  if (answer.status !== route(op).successStatus) throw new Error(`${op} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  type Responses = operations[K]['responses'];
  return JSON.parse(answer.body) as Json<Responses[Extract<keyof Responses, 200 | 201>]>;
}

/** The spec's example answer of an operation with that status (what Prism and the bare server answer). */
export function exampleOf(op: Op, status: number): { contentType: string; body: string } {
  const [doc, { pathTemplate, method }] = [loadBundledSpec(), route(op)];
  const operation = (doc.paths?.[pathTemplate] as Record<string, { responses: Record<string, unknown> }>)[method.toLowerCase()];
  const response = resolveRef<{ content?: Record<string, { example?: unknown }> }>(doc, operation.responses[status]);
  const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
  if (!contentType || media?.example === undefined) throw new Error(`${op} has no example for ${status}`);
  return { contentType, body: JSON.stringify(media.example) };
}

/** A call to the mock's control API (`/__mock/...`, no key; see mocks/README.md) that must answer `expected`: its body and time. */
export async function control<T>(mock: Server, path: string, expected: number, body?: object) {
  const json = body && { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const answer = await call(mock.origin + path, { ...json, timeoutMs: 60_000 });
  if (answer.status !== expected) throw new Error(`${path} answered ${answer.status}, expected ${expected}: ${answer.body.slice(0, 200)}`);
  return { json: JSON.parse(answer.body) as T, ms: answer.ms };
}

/** The scopes these operations need. */
export const scopesOf = (...ops: Op[]) => ops.map((op) => route(op).scope);

/** Mints a key with these scopes, limited to `bucketIds` (null: every bucket); the key is never logged. */
export const mintKey = async (mock: Server, scopes: string[], bucketIds: string[] | null) =>
  (await control<{ token: string }>(mock, '/__mock/keys', 201, { scopes: [...new Set(scopes)], bucketIds })).json.token;

/** The commonest value (ties: alphabetically first, so the choice is stable). */
export function commonest(values: string[], what: string): string {
  if (values.length === 0) throw new Error(`the seeded world has no ${what} to filter on`);
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

/** What the bench needs from a seeded world: the first bucket, filter values that match many files, some file ids. */
export async function probeWorld(mock: Server) {
  const { json } = await control<{ workspaces: { id: string; buckets: string[] }[] }>(mock, '/__mock/info', 200);
  const ids = { workspaceId: json.workspaces[0].id, bucketId: json.workspaces[0].buckets[0] };
  const limit = route('listFiles').queryParams.find((p) => p.name === ('limit' satisfies keyof Query))?.schema.maximum ?? 100;
  const { data } = await callOk(mock, 'listFiles', ids, await mintKey(mock, scopesOf('listFiles'), [ids.bucketId]), { query: { limit } });
  const [folders, tags] = [data.filter((f) => f.path.includes('/')).map((f) => `${f.path.split('/')[0]}/`), data.flatMap((f) => f.tags)];
  const [prefix, tag] = [commonest(folders, 'folders'), commonest(tags, 'tags')];
  return { ids, prefix, tag, fileIds: data.map((f) => f.id) };
}

/** The p-th percentile (0–100) of the values, nearest-rank method; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be within 0..100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  return values.length ? sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] : NaN;
}

/** The median (p50) of the values. */
export const median = (values: readonly number[]): number => percentile(values, 50);

/** Least-squares line through the points: its slope and the slope's standard error (NaN where undefined). */
export function fitSlope(points: readonly { x: number; y: number }[]): { slope: number; stderr: number } {
  const n = points.length;
  const sum = (f: (p: { x: number; y: number }) => number) => points.reduce((s, p) => s + f(p), 0);
  const [mx, my] = [sum((p) => p.x) / n, sum((p) => p.y) / n];
  const sxx = sum((p) => (p.x - mx) ** 2);
  if (n < 2 || sxx === 0) return { slope: NaN, stderr: NaN };
  const slope = sum((p) => (p.x - mx) * (p.y - my)) / sxx;
  const residuals = sum((p) => (p.y - my - slope * (p.x - mx)) ** 2);
  return { slope, stderr: n > 2 ? Math.sqrt(residuals / (n - 2) / sxx) : NaN };
}

/** Current and peak resident memory (VmRSS, VmHWM) of a /proc/<pid>/status text, in MB; NaN for a missing line. */
export function procMemory(status: string): { rssMb: number; peakRssMb: number } {
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM') };
}

/** Bounded autocannon load of one GET on 10 connections (warm-up first); only `expected` answers count as req/s. */
export async function load(url: string, headers: Record<string, string>, expected: number, durationSec: number, warmupSec: number) {
  if (!(durationSec > 0 && durationSec <= 10)) throw new Error(`load duration must be 0..10 s, got ${durationSec}`);
  const options = { url, headers, connections: 10, timeout: 5 };
  if (warmupSec > 0) await autocannon({ ...options, duration: warmupSec });
  const { statusCodeStats = {}, duration, latency, errors, timeouts, throughput } = await autocannon({ ...options, duration: durationSec });
  const statusCounts: Record<string, number> = {};
  for (const [code, { count = 0 }] of Object.entries(statusCodeStats)) statusCounts[code] = count;
  const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const [reqPerSec, bytesPerResponse] = [(statusCounts[expected] ?? 0) / duration || 0, throughput.total / responses || 0];
  return { reqPerSec, p50Ms: latency.p50, p99Ms: latency.p99, statusCounts, errors, timeouts, bytesPerResponse };
}
export type LoadResult = Awaited<ReturnType<typeof load>>;

/** Merges the rounds of one server and request: medians of req/s, p50 and p99; counts summed, so nothing any round saw is dropped. */
export function combineRounds(rounds: LoadResult[]): LoadResult {
  if (rounds.length === 0) throw new Error('combineRounds needs at least one round');
  const statusCounts: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCounts)) statusCounts[code] = (statusCounts[code] ?? 0) + n;
  const sum = (pick: (r: LoadResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  const mid = (pick: (r: LoadResult) => number) => median(rounds.map(pick));
  return {
    ...{ reqPerSec: mid((r) => r.reqPerSec), p50Ms: mid((r) => r.p50Ms), p99Ms: mid((r) => r.p99Ms), statusCounts },
    ...{ errors: sum((r) => r.errors), timeouts: sum((r) => r.timeouts), bytesPerResponse: sum((r) => r.bytesPerResponse) / rounds.length },
  };
}

/** `samples` GETs one after another on one keep-alive connection (after 20 unmeasured): the latency one client sees. */
export async function sequential(url: string, headers: Record<string, string>, samples: number) {
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

/**
 * GETs every 10 ms on their own keep-alive connection, one at a time, while `during` runs: while the server's event loop is
 * blocked no answer comes, so the longest gap between answers is the longest block (plus up to one interval).
 */
export async function probeDuring<T>(url: string, headers: Record<string, string>, during: () => Promise<T>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const seen = { maxGapMs: 0, answers: 0, failures: 0 };
  let [running, last] = [true, performance.now()];
  const probe = (async () => {
    while (running) {
      const sent = performance.now();
      const answer = await call(url, { headers, agent, timeoutMs: 30_000 }).catch(() => undefined);
      seen[answer?.status === 200 ? 'answers' : 'failures']++;
      seen.maxGapMs = Math.max(seen.maxGapMs, performance.now() - last);
      last = performance.now();
      await sleep(Math.max(0, 10 - (last - sent)));
    }
  })();
  // A quiet 200 ms either side, so the gap measured is the request's and not the probe's own start.
  let result: T;
  try {
    await sleep(200);
    result = await during();
  } finally {
    await sleep(200);
    running = false;
    await probe;
    agent.destroy();
  }
  return { result, ...seen };
}
