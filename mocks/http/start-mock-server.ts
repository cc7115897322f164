// Serves the mock's behaviour core over a real node:http server on loopback.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { createMockApp, type MockAppHandle } from '../app/create-mock-app.ts';
import type { Latency } from '../core/latency.ts';
import type { Clock } from '../core/clock.ts';
import { toMockRequest, writePreflight, writeResponse } from './node-adapter.ts';

export interface StartMockServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  seed?: number;
  files?: number;
  faults?: readonly string[];
  latencyMs?: Latency;
  /** Answer CORS preflights and add Access-Control-* headers. */
  cors?: boolean;
  clock?: Clock;
}

export interface MockServer {
  /** e.g. `http://127.0.0.1:4010` */
  origin: string;
  /** `${origin}/api/v1` */
  baseUrl: string;
  app: MockAppHandle;
  close(): Promise<void>;
}

/** Starts the HTTP mock; resolves once it listens. */
export async function startMockServer(options: StartMockServerOptions = {}): Promise<MockServer> {
  const { host = '127.0.0.1', port = 0, cors = false } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be an integer from 0 to 65535, got ${port}`);
  const app = createMockApp({
    spec: loadBundledSpec(),
    seed: options.seed,
    files: options.files,
    faults: options.faults,
    latencyMs: options.latencyMs,
    clock: options.clock,
  });
  const bodyLimit = (path: string) => app.bodyLimit(path);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (cors && req.method === 'OPTIONS') return writePreflight(res);
    toMockRequest(req, bodyLimit)
      .then((request) => app.handle(request))
      .then((response) => writeResponse(res, response, cors))
      .catch((error) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('Internal error in the mock.');
      });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  app.setOrigin(origin);
  return {
    origin,
    baseUrl: `${origin}${app.apiBase}`,
    app,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
