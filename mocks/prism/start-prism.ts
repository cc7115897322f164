// Starts a real Prism mock server (@stoplight/prism-cli) on 127.0.0.1 and
// resolves once it answers HTTP; `stop()` ends that one process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Prism's command, found as Node finds packages (an installed kit uses the project's Prism, an optional dependency). */
function prismBin(): string {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve('@stoplight/prism-cli/package.json');
  } catch {
    throw new Error('Prism mode needs @stoplight/prism-cli: npm install --save-dev @stoplight/prism-cli@5.14.2');
  }
  const bin = (require(manifest) as { bin: Record<string, string> }).bin.prism;
  return join(dirname(manifest), bin);
}
const SEED_FAKER = fileURLToPath(new URL('./seed-prism-faker.cjs', import.meta.url));

export interface StartPrismOptions {
  /** The document to serve (e.g. openapi/dist/openapi.prism.json). */
  document: string;
  port: number;
  /** Generate bodies from the schemas and x-faker hints instead of the examples. */
  dynamic?: boolean;
  /** Seed for dynamic generation: Prism's --seed, and the seed of the faker behind x-faker hints. */
  seed?: number;
  /** Prism's log level; default `error`. */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  /** Where Prism's output goes; default discarded. */
  stdio?: 'inherit' | 'ignore';
  readyTimeoutMs?: number;
}

export interface RunningPrism {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1 (for Prism, which has no port 0). */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The arguments `prism mock` gets for these options. */
export function prismArgs(options: StartPrismOptions): string[] {
  const args = ['mock', options.document, '-h', '127.0.0.1', '-p', String(options.port), '-v', options.logLevel ?? 'error'];
  // Without fillProperties=false Prism invents extra fields in every object.
  if (options.dynamic) args.push('--dynamic', '--json-schema-faker-fillProperties=false');
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  return args;
}

/** Spawns Prism and waits until it answers (any status) or fails to start. */
export async function startPrism(options: StartPrismOptions): Promise<RunningPrism> {
  const origin = `http://127.0.0.1:${options.port}`;
  // Prism's --seed does not reach the faker behind x-faker hints; the preload seeds it.
  const seeded = options.dynamic && options.seed !== undefined;
  const child = spawn(process.execPath, [...(seeded ? ['--require', SEED_FAKER] : []), prismBin(), ...prismArgs(options)], {
    stdio: ['ignore', options.stdio ?? 'ignore', options.stdio ?? 'ignore'],
    env: seeded ? { ...process.env, BUCKETKIT_PRISM_FAKER_SEED: String(options.seed) } : process.env,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `Prism exited with code ${child.exitCode} before answering on ${origin}; run it with logLevel 'info' and stdio 'inherit' to see why.`,
      );
    try {
      await fetch(`${origin}/`, { signal: AbortSignal.timeout(1_000) });
      return { origin, process: child, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  await stop();
  throw new Error(`Prism did not answer on ${origin} within ${options.readyTimeoutMs ?? 30_000} ms.`);
}

/** Starts Prism on a free port, trying another one if the port was taken in between. */
export async function startPrismOnFreePort(options: Omit<StartPrismOptions, 'port'>, attempts = 3): Promise<RunningPrism> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPrism({ ...options, port: await findFreePort() });
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
