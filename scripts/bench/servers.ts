// The processes the bench starts (the mock as `npm start` runs it, a real Prism, a bare node:http server, timed commands), each in its own process group so none outlives the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '../../openapi/contract/load-spec.ts';
import { findFreePort, prismArgs } from '../../mocks/prism/start-prism.ts';
import { call } from './measure.ts';
import type { CommandRow } from './results.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A started process: its pid, a redacted tail of its stderr, and `stop()` for its whole group. */
export interface Proc {
  pid: number;
  child: ChildProcess;
  /** Why it ended, or undefined while it runs. */
  exit(): string | undefined;
  /** The stderr line that says why it failed (redacted, no machine paths), or ''. */
  why(): string;
  /** The first 16 KB of its stdout, to find a ready line in; never reported (the mock's banner lists keys). */
  out(): string;
  stop(): Promise<void>;
}

const live = new Set<Proc>();

/** Masks bearer values and key-like tokens (`bk_...`, long mixed letter-and-digit runs) so no key reaches a report. */
export function redact(text: string): string {
  return text
    .replace(/(Bearer\s+)\S+/gi, '$1<redacted>')
    .replace(/\bbk_\w+/g, '<redacted>')
    .replace(/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}\b/g, '<redacted>');
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Spawns a command in its own process group on this machine, tracked until stopped. */
export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Proc {
  const child = spawn(command, args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  let head = '';
  let ended: string | undefined;
  child.stderr!.on('data', (c: Buffer) => (head = head.length < 16_000 ? head + c.toString('utf8') : head));
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out = out.length < 16_000 ? out + c.toString('utf8') : out));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    }),
  );
  const proc: Proc = {
    pid,
    child,
    exit: () => ended,
    why: () => explain(head),
    out: () => out,
    async stop() {
      live.delete(proc);
      if (!ended) signalGroup(pid, 'SIGTERM');
      const killer = setTimeout(() => signalGroup(pid, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      signalGroup(pid, 'SIGKILL'); // Grandchildren (npx, tsx) may outlive the leader.
    },
  };
  live.add(proc);
  return proc;
}

/** Kills every tracked process group when the bench exits or is interrupted. */
export function installExitGuard(): void {
  process.once('exit', () => live.forEach((p) => signalGroup(p.pid, 'SIGKILL')));
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void Promise.all([...live].map((p) => p.stop())).finally(() => process.exit(130)));
}

/** Why a process failed to become ready, with its redacted stderr. */
function failure(proc: Proc, what: string, why: string): Error {
  return new Error(`${what} ${why}${proc.why() ? `: ${proc.why()}` : ''}`);
}

/** The line of a process's stderr that names the error (else its last line), without keys or machine paths. */
export function explain(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = lines.find((l) => /\b\w*Error\b|FATAL|out of memory|could not|must be/i.test(l)) ?? lines.at(-1) ?? '';
  return redact(line.replaceAll(repoRoot, '')).slice(0, 200);
}

/** A server under test: where it answers and how it was started. */
export interface Server {
  origin: string;
  /** Origin plus the path the API's routes are served under. */
  apiBase: string;
  proc: Proc;
  /** The command line as the report shows it. */
  command: string;
  /** Spawn to ready, as the bench saw it. */
  readyMs: number;
}

/** Spawns `node args` and waits until `ready` yields the API base URL; the process is stopped if it never does. */
async function launch(args: string[], command: string, ready: (proc: Proc) => Promise<string>, env?: NodeJS.ProcessEnv): Promise<Server> {
  const started = performance.now();
  const proc = startProcess(process.execPath, args, env);
  try {
    const apiBase = await ready(proc);
    return { origin: new URL(apiBase).origin, apiBase, proc, command, readyMs: performance.now() - started };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

export interface MockOptions {
  files?: number;
  seed?: number;
  timeoutMs?: number;
  /** Another entry point than `npm start`'s (mocks/http/start.mjs), e.g. the CLI run from TypeScript. */
  entry?: string[];
}

/** The arguments of `node` that start the mock on a free loopback port. */
function mockArgs(options: MockOptions): string[] {
  const args = [...(options.entry ?? ['mocks/http/start.mjs']), '--host', '127.0.0.1', '--port', '0'];
  if (options.files !== undefined) args.push('--files', String(options.files));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  return args;
}

/** The command line that starts the mock, as the report shows it. */
export const mockCommand = (options: MockOptions = {}) => `node ${mockArgs(options).join(' ')}`;

/** Builds the bundle `npm start` runs if a source is newer (as `npm run mock:build`), so no timed start pays for it. */
export async function buildMock(): Promise<void> {
  const proc = startProcess(process.execPath, ['mocks/http/start.mjs', '--help']);
  await new Promise((resolve) => proc.child.once('exit', resolve));
  await proc.stop();
  if (proc.exit() !== 'exited with code 0') throw new Error(`building the mock failed: ${proc.why()}`);
}

/** The mock as a user starts it (`npm start`), ready at its banner. */
export function startMock(options: MockOptions = {}): Promise<Server> {
  // The banner's first line names the base URL; the lines after it hold keys and are never read.
  const banner = (out: string) => /^bucketkit mock: (http:\/\/\S+)/m.exec(out)?.[1];
  return launch(mockArgs(options), mockCommand(options), (proc) =>
    pollUntil(() => banner(proc.out()), proc, 'the mock', options.timeoutMs ?? 60_000),
  );
}

/** A canned answer of the bare server, keyed by `METHOD url authorization`. */
export interface Canned {
  key: string;
  status: number;
  contentType: string;
  body: string;
}

/** The bare node:http baseline in its own process (bare-server.mjs), answering prebuilt strings under `basePath`. */
export function startBare(answers: Canned[], basePath: string): Promise<Server> {
  const entry = fileURLToPath(new URL('bare-server.mjs', import.meta.url));
  const env = { ...process.env, BENCH_BARE_ANSWERS: JSON.stringify(answers) };
  const listening = (proc: Proc) => /^listening (http:\/\/\S+)$/m.exec(proc.out())?.[1];
  return launch(
    [entry],
    'node scripts/bench/bare-server.mjs',
    async (proc) => (await pollUntil(() => listening(proc), proc, 'the bare server', 30_000)) + basePath,
    env,
  );
}

/** The Prism command line for a port, as the report shows it. */
export function prismCommand(port: string): string {
  const args: string[] = prismArgs({ document: 'openapi/dist/openapi.json', port: 0 });
  args[args.indexOf('-p') + 1] = port;
  return ['node_modules/.bin/prism', ...args].join(' ');
}

/** A real Prism 5 static mock of the bundled spec (as mocks/prism runs it), ready once `ready(origin)` holds. */
export async function startPrism(ready: (origin: string) => Promise<boolean>, timeoutMs = 60_000): Promise<Server> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = [`${repoRoot}node_modules/.bin/prism`, ...prismArgs({ document: bundledSpecPath, port })];
  return launch(args, prismCommand('<free port>'), (proc) =>
    pollUntil(async () => ((await ready(origin)) ? origin : undefined), proc, 'Prism', timeoutMs),
  );
}

/** Polls `ready` every 2 ms (a thrown error counts as "not yet") until it yields a value, the process ends, or time is up. */
export async function pollUntil<T>(
  ready: () => T | undefined | Promise<T | undefined>,
  proc: Proc,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const value = await Promise.resolve()
      .then(ready)
      .catch(() => undefined);
    if (value !== undefined) return value;
    if (proc.exit()) throw failure(proc, what, `${proc.exit()} before it was ready`);
    await new Promise((r) => setTimeout(r, 2));
  }
  throw failure(proc, what, `was not ready within ${timeoutMs / 1000} s`);
}

/** True when a GET answers 200 (a readiness probe). */
export const answers200 = async (url: string, headers: Record<string, string>) =>
  (await call(url, { headers, timeoutMs: 2_000 })).status === 200;

/** Runs `npx args` to its end (killed after `timeoutMs`): exit code, wall time, the duration it printed if `reported` finds one, its last line. */
export async function timeCommand(args: string[], timeoutMs: number, reported?: RegExp): Promise<CommandRow> {
  const started = performance.now();
  const proc = startProcess('npx', args);
  let out = '';
  proc.child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString('utf8')).slice(-8000)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void proc.stop();
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', (c) => resolve(c)));
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  await proc.stop();
  const lines = redact(out).replaceAll(repoRoot, '').trim().split('\n');
  const seconds = reported && lines.map((l) => reported.exec(l)?.[1]).find(Boolean);
  return {
    command: `npx ${args.join(' ')}`,
    code: timedOut ? null : code,
    wallMs,
    reportedSec: seconds ? Number(seconds) : undefined,
    lastLine: (lines.at(-1) ?? '').slice(0, 200),
  };
}
