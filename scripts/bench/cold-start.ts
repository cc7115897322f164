// Times cold starts: spawn a server process, poll until the first authenticated 200, kill it.
import { existsSync } from 'node:fs';
import { startProcess } from './child-process.ts';
import { findFreePort } from './free-port.ts';
import { pollUntil } from './http-probe.ts';
import { binPath, repoRoot } from './project-paths.ts';
import type { ColdStart } from './bench-results.ts';
import { median } from './stats.ts';

/** A launch command: the executable and its arguments, given the port to listen on. */
export interface LaunchCommand {
  label: string;
  /** The command line shown in the report (port as `<port>`). */
  shown: string;
  executable: string;
  args(port: number): string[];
  isStartCommand: boolean;
  /** Start once unmeasured first (a start script may build a cache on its first run). */
  prime: boolean;
}

/** The mock's TypeScript CLI entry: timed under `node --import tsx` as the unbundled reference. */
export const MOCK_CLI_ENTRY = 'mocks/cli.ts';

/**
 * Turns `scripts.start` (e.g. `tsx mocks/cli.ts`) into a command the bench can spawn directly,
 * with `--host 127.0.0.1 --port <port>` appended; undefined when the script is not one plain command.
 */
export function commandFromStartScript(
  script: string,
  hasLocalBin: (name: string) => boolean,
): { executable: string; words: string[] } | undefined {
  if (/[;&|<>`$()]/.test(script)) return undefined;
  const [first, ...rest] = script.trim().split(/\s+/);
  if (!first || first.includes('=')) return undefined;
  const executable = first === 'node' ? 'node' : hasLocalBin(first) ? `node_modules/.bin/${first}` : undefined;
  return executable ? { executable, words: rest } : undefined;
}

/** The start command of package.json, and the CLI entry run straight from TypeScript for comparison. */
export function mockLaunchCommands(startScript: string | undefined): LaunchCommand[] {
  const listen = (port: number) => ['--host', '127.0.0.1', '--port', String(port)];
  const commands: LaunchCommand[] = [];
  const parsed = startScript ? commandFromStartScript(startScript, (name) => existsSync(binPath(name))) : undefined;
  if (parsed) {
    commands.push({
      label: 'mock',
      shown: `${parsed.executable} ${parsed.words.join(' ')} --host 127.0.0.1 --port <port>`,
      executable: parsed.executable === 'node' ? process.execPath : `${repoRoot}${parsed.executable}`,
      args: (port) => [...parsed.words, ...listen(port)],
      isStartCommand: true,
      prime: true,
    });
  }
  commands.push({
    label: 'mock CLI from TypeScript (reference)',
    shown: `node --import tsx ${MOCK_CLI_ENTRY} --host 127.0.0.1 --port <port>`,
    executable: process.execPath,
    args: (port) => ['--import', 'tsx', MOCK_CLI_ENTRY, ...listen(port)],
    isStartCommand: false,
    prime: true,
  });
  return commands;
}

/** Runs the command `runs` times; each run ends at the first answer its fresh `newProbe()` accepts. */
export async function timeColdStart(
  command: LaunchCommand,
  runs: number,
  newProbe: () => (origin: string) => Promise<boolean>,
): Promise<ColdStart> {
  const runsMs: number[] = [];
  for (let i = command.prime ? -1 : 0; i < runs; i++) {
    const isReady = newProbe();
    const port = await findFreePort();
    const origin = `http://127.0.0.1:${port}`;
    const t0 = performance.now();
    const started = startProcess(command.label, command.executable, command.args(port), { cwd: repoRoot });
    try {
      await pollUntil(async () => ((await isReady(origin)) ? true : undefined), {
        timeoutMs: 60_000,
        intervalMs: 5,
        isDead: started.exited,
        what: command.label,
      });
      if (i >= 0) runsMs.push(performance.now() - t0);
    } finally {
      await started.stop();
    }
  }
  return { label: command.label, command: command.shown, runsMs, medianMs: median(runsMs), isStartCommand: command.isStartCommand };
}
