// Runs the kit's CLI as a user does, without blocking this process (a server under test may be answering from it):
// its exit code and output.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/bucketkit.js', import.meta.url));
// The embedded mock unless a test names a config: no deployment variable may leak in from the environment.
const ENV = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' };

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** `bucketkit conformance <args>`. */
export function conformanceCli(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 300_000): Promise<CliResult> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      [BIN, 'conformance', ...args],
      { encoding: 'utf8', timeout: timeoutMs, env: { ...ENV, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => done({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}
