// Test support: a real Prism 5 validation proxy (`prism proxy --errors`) in
// front of a mock, on a free loopback port; stopped by killing its process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '../../../openapi/contract/load-spec.ts';

const prismBin = fileURLToPath(new URL('../../../node_modules/.bin/prism', import.meta.url));

export interface PrismProxy {
  origin: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `prism proxy <spec> <upstream> --errors` and waits until it answers. */
export async function startPrismProxy(upstream: string, timeoutMs = 15_000): Promise<PrismProxy> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    prismBin,
    ['proxy', bundledSpecPath, upstream, '--errors', '-p', String(port), '-h', '127.0.0.1', '-v', 'error'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited early (${child.exitCode}): ${stderr}`);
    try {
      await fetch(`${origin}/workspaces`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`Prism did not start within ${timeoutMs} ms: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
