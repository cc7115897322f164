// Runs a command to completion with its output captured, and hides mock keys in anything shown from it.
import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number;
  /** stdout and stderr interleaved. */
  output: string;
  stdout: string;
}

export interface CommandOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Mock keys look like `bk_test_…`; they are replaced wherever command output is shown. */
export function hideKeys(text: string): string {
  return text.replace(/\bbk_[a-z]+_[A-Za-z0-9]{6,}/g, 'bk_[hidden]');
}

/** Runs `command args` and resolves with its exit code (124 after a timeout) and output. */
export function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs ?? 180_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 124 : 1), output, stdout });
    });
  });
}

/** The last `lines` lines of `output`, keys hidden: what a failure message shows. */
export function tail(output: string, lines = 25): string {
  return hideKeys(output.trimEnd().split('\n').slice(-lines).join('\n'));
}
