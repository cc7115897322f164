// Starts helper processes in their own process group and kills the whole group, so no server outlives the bench.
import { spawn, type ChildProcess } from 'node:child_process';

/** A process the bench started; `stop()` ends its whole process group. */
export interface StartedProcess {
  label: string;
  pid: number;
  child: ChildProcess;
  /** The last few KB of stdout and stderr, key-like tokens masked, for error messages. */
  output(): string;
  exited(): boolean;
  stop(): Promise<void>;
}

const live = new Set<StartedProcess>();

/** Masks key-like tokens (20+ letters, digits, `_` or `-`, with both letters and digits) and bearer values. */
export function redactTokens(text: string): string {
  return text.replace(/(Bearer\s+)\S+/gi, '$1<redacted>').replace(/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}\b/g, '<redacted>');
}
const OUTPUT_KEEP = 4096;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Spawns `command args` detached (own process group), tracked until stopped. */
export function startProcess(
  label: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): StartedProcess {
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
    cwd: options.cwd,
  });
  if (child.pid === undefined) throw new Error(`Could not start ${label} (${command})`);
  const pid = child.pid;
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_KEEP);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let hasExited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  const started: StartedProcess = {
    label,
    pid,
    child,
    output: () => redactTokens(tail),
    exited: () => hasExited,
    async stop() {
      live.delete(started);
      if (!hasExited) signalGroup(pid, 'SIGTERM');
      const killer = setTimeout(() => signalGroup(pid, 'SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
      // Grandchildren (e.g. the process tsx's CLI spawns) may outlive the leader.
      signalGroup(pid, 'SIGKILL');
    },
  };
  live.add(started);
  return started;
}

/** Stops every process still running. */
export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...live].map((p) => p.stop()));
}

/** Kills every tracked group if the bench is interrupted or exits early. */
export function installExitGuard(): void {
  process.once('exit', () => {
    for (const p of live) signalGroup(p.pid, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAllProcesses().finally(() => process.exit(130));
    });
  }
}

/** Resolves with the first stdout line `accept` maps to a value; rejects on exit or timeout. */
export function waitForStdoutLine<T>(started: StartedProcess, accept: (line: string) => T | undefined, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const fail = (why: string) => {
      cleanup();
      reject(new Error(`${started.label} ${why}. Its last output:\n${started.output()}`));
    };
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const value = accept(buffered.slice(0, newline).trim());
        buffered = buffered.slice(newline + 1);
        if (value !== undefined) {
          cleanup();
          resolve(value);
          return;
        }
      }
    };
    const onExit = () => fail('exited before it was ready');
    const timer = setTimeout(() => fail(`was not ready within ${timeoutMs} ms`), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      started.child.stdout!.off('data', onData);
      started.child.off('exit', onExit);
    };
    started.child.stdout!.on('data', onData);
    started.child.once('exit', onExit);
  });
}
