// Starts the three servers under test as separate processes on 127.0.0.1 and waits until each answers.
import { startProcess, waitForStdoutLine, type StartedProcess } from './child-process.ts';
import { benchEntry, binPath, repoRoot, tsxNodeArgs, shown } from './project-paths.ts';
import { findFreePort } from './free-port.ts';
import { httpCall, pollUntil } from './http-probe.ts';
import { bundledSpecPath } from '../../openapi/contract/load-spec.ts';
import type { CannedResponse } from './bench-requests.ts';
import type { ServerName } from './bench-results.ts';

/** A server under test; `stop()` kills its process group. */
export interface RunningServer {
  name: ServerName;
  origin: string;
  process: StartedProcess;
  /** Milliseconds from spawn to ready as the process itself reports it, when it does. */
  readyMs?: number;
  /** The command that started it, as the report shows it. */
  command: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

function readOrigin(line: string): { origin: string; readyMs?: number } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line) as { origin?: unknown; readyMs?: unknown };
    return typeof value.origin === 'string'
      ? { origin: value.origin, readyMs: typeof value.readyMs === 'number' ? value.readyMs : undefined }
      : undefined;
  } catch {
    return undefined;
  }
}

async function startNodeEntry(
  name: ServerName,
  label: string,
  entry: string,
  env: Record<string, string>,
  what: string,
): Promise<RunningServer> {
  const args = tsxNodeArgs(benchEntry(entry));
  const started = startProcess(label, process.execPath, args, { env: { ...process.env, ...env }, cwd: repoRoot });
  try {
    const { origin, readyMs } = await waitForStdoutLine(started, readOrigin, READY_TIMEOUT_MS);
    const command = `node --import tsx scripts/bench/${entry}  (${what})`;
    return { name, origin, readyMs, process: started, command, stop: () => started.stop() };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** The mock (startMockServer) in its own process; with `profileFile`, CPU-profiled from listening until stopped. */
export function launchMock(options: { seed?: number; files?: number; profileFile?: string }): Promise<RunningServer> {
  const { profileFile, ...shownOptions } = options;
  const what = `startMockServer(${JSON.stringify({ host: '127.0.0.1', port: 0, ...shownOptions })}), its own process${profileFile ? ', CPU-profiled' : ''}`;
  return startNodeEntry('mock', 'the mock', 'mock-process.ts', { BENCH_MOCK_OPTIONS: JSON.stringify(options) }, what);
}

/** The bare node:http server answering the canned responses. */
export function launchBare(routes: CannedResponse[]): Promise<RunningServer> {
  return startNodeEntry(
    'bare',
    'the bare node:http server',
    'bare-server.ts',
    { BENCH_BARE_ROUTES: JSON.stringify(routes) },
    'node:http answering prebuilt spec examples, its own process',
  );
}

/** The Prism arguments for a static mock of the bundled spec on a port. */
export function prismArgs(port: number | string, specPath: string = bundledSpecPath): string[] {
  return ['mock', specPath, '-h', '127.0.0.1', '-p', String(port), '-v', 'error'];
}

/** The command line of `prismArgs`, as the report shows it. */
export function prismCommand(port: number | string): string {
  return ['node_modules/.bin/prism', ...prismArgs(port, shown(bundledSpecPath))].join(' ');
}

/** Prism 5 static mock, ready once `readyPath` (a GET needing a bearer key) answers 200. */
export async function launchPrism(readyPath: string, authorization: string): Promise<RunningServer> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = startProcess('Prism', binPath('prism'), prismArgs(port), { cwd: repoRoot });
  try {
    await pollUntil(
      async () => ((await httpCall(origin + readyPath, { headers: { authorization }, timeoutMs: 2000 })).status === 200 ? true : undefined),
      {
        timeoutMs: READY_TIMEOUT_MS,
        intervalMs: 100,
        isDead: started.exited,
        what: 'Prism',
      },
    );
  } catch (error) {
    await started.stop();
    throw error;
  }
  return {
    name: 'prism',
    origin,
    process: started,
    command: `${prismCommand('<free port>')}  (Prism 5 static mock)`,
    stop: () => started.stop(),
  };
}
