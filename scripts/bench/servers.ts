// The processes the bench starts (the mock as `npm start` runs it, a real Prism, a bare node:http server, timed commands), each in its own process group so none outlives the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '../../openapi/contract/load-spec.ts';
import { findFreePort, prismArgs } from '../../mocks/prism/start-prism.ts';
import { call } from './measure.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A started process: its pid, a redacted tail of its stderr, and `stop()` for its whole group. */
export interface Proc {
  pid: number;
  child: ChildProcess;
  /** Why it ended, or undefined while it runs. */
  exit(): string | undefined;
  /** The stderr line that says why it failed (redacted, no machine paths), or ''. */
  why(): string;
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
  child.stdout!.resume();
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

/** Resolves with the first stdout line `accept` maps to a value; rejects on exit or after `timeoutMs`. */
export function waitForLine<T>(proc: Proc, what: string, accept: (line: string) => T | undefined, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const finish = (error?: Error, value?: T) => {
      clearTimeout(timer);
      proc.child.stdout!.off('data', onData);
      proc.child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value as T);
    };
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const value = accept(buffered.slice(0, nl).trim());
        buffered = buffered.slice(nl + 1);
        if (value !== undefined) return finish(undefined, value);
      }
    };
    // Let the exit code arrive before reporting, so the message says how it ended.
    const onExit = () => setImmediate(() => finish(failure(proc, what, `${proc.exit()} before it was ready`)));
    const timer = setTimeout(() => finish(failure(proc, what, `was not ready within ${timeoutMs / 1000} s`)), timeoutMs);
    proc.child.stdout!.on('data', onData);
    proc.child.once('exit', onExit);
  });
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

/**
 * The mock as a user starts it (`npm start` = node mocks/http/start.mjs; `entry` swaps the entry point) on a free
 * loopback port; ready at its banner.
 */
export async function startMock(options: { files?: number; seed?: number; timeoutMs?: number; entry?: string[] } = {}): Promise<Server> {
  const entry = options.entry ?? ['mocks/http/start.mjs'];
  const flags = ['--host', '127.0.0.1', '--port', '0'];
  if (options.files !== undefined) flags.push('--files', String(options.files));
  if (options.seed !== undefined) flags.push('--seed', String(options.seed));
  const started = performance.now();
  const proc = startProcess(process.execPath, [...entry, ...flags]);
  try {
    // The banner's first line names the base URL; the lines after it hold keys, never read.
    const apiBase = await waitForLine(
      proc,
      'the mock',
      (line) => /^bucketkit mock: (http:\/\/\S+)/.exec(line)?.[1],
      options.timeoutMs ?? 60_000,
    );
    return {
      origin: new URL(apiBase).origin,
      apiBase,
      proc,
      command: `node ${[...entry, ...flags].join(' ')}`,
      readyMs: performance.now() - started,
    };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

/** A canned answer of the bare server, keyed by method, URL and Authorization. */
export interface Canned {
  key: string;
  status: number;
  contentType: string;
  body: string;
}

/** The bare node:http baseline in its own process (bare-server.mjs), answering prebuilt strings. */
export async function startBare(answers: Canned[], basePath: string): Promise<Server> {
  const started = performance.now();
  const proc = startProcess(process.execPath, [fileURLToPath(new URL('bare-server.mjs', import.meta.url))], {
    ...process.env,
    BENCH_BARE_ANSWERS: JSON.stringify(answers),
  });
  try {
    const origin = await waitForLine(proc, 'the bare server', (line) => /^listening (http:\/\/\S+)$/.exec(line)?.[1], 30_000);
    return {
      origin,
      apiBase: origin + basePath,
      proc,
      command: 'node scripts/bench/bare-server.mjs',
      readyMs: performance.now() - started,
    };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

/** The Prism command line for a port, as the report shows it. */
export function prismCommand(port: string): string {
  const args: string[] = prismArgs({ document: 'openapi/dist/openapi.json', port: 0 });
  args[args.indexOf('-p') + 1] = port;
  return ['node_modules/.bin/prism', ...args].join(' ');
}

/** A real Prism 5 static mock of the bundled spec, ready once `ready(origin)` holds (polled every 5 ms). */
export async function startPrism(ready: (origin: string) => Promise<boolean>, timeoutMs = 60_000): Promise<Server> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const proc = startProcess(process.execPath, [`${repoRoot}node_modules/.bin/prism`, ...prismArgs({ document: bundledSpecPath, port })]);
  try {
    await pollUntil(() => ready(origin), proc, 'Prism', timeoutMs);
    return { origin, apiBase: origin, proc, command: prismCommand('<free port>'), readyMs: performance.now() - started };
  } catch (error) {
    await proc.stop();
    throw error;
  }
}

/** Polls `ready` every 5 ms (connection errors count as "not yet") until it holds, the process ends, or time is up. */
export async function pollUntil(ready: () => Promise<boolean>, proc: Proc, what: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (proc.exit()) throw failure(proc, what, `${proc.exit()} before it was ready`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw failure(proc, what, `was not ready within ${timeoutMs / 1000} s`);
}

/** True when a GET answers 200 (a readiness probe). */
export const answers200 = async (url: string, headers: Record<string, string>) =>
  (await call(url, { headers, timeoutMs: 2_000 })).status === 200;

/** Runs a command to its end (or kills it after `timeoutMs`): exit code, wall time and its redacted last stdout lines. */
export async function timeCommand(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; wallMs: number; output: string }> {
  const started = performance.now();
  const proc = startProcess(command, args);
  let out = '';
  proc.child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString('utf8')).slice(-8000)));
  const timer = setTimeout(() => void proc.stop(), timeoutMs);
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', (c) => resolve(c)));
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  await proc.stop();
  return { code: wallMs >= timeoutMs ? null : code, wallMs, output: redact(out) };
}
