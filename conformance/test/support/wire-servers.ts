// Small loopback HTTP(S) servers for the transport's tests: each records what
// reached it (method, URL, headers, how many requests were in flight) and plays
// one behaviour through the handler it is given.
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Milliseconds since the server started. */
  at: number;
}

export interface WireServer {
  origin: string;
  received: Received[];
  /** The most requests the server was handling at once. */
  maxInFlight(): number;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void;

/** Starts a server on 127.0.0.1 (HTTPS when `tls` is given) that hands each request to `handler`. */
export async function serve(handler: Handler, tls?: { key: string; cert: string }): Promise<WireServer> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const started = performance.now();
  let inFlight = 0;
  let maxInFlight = 0;
  const listener: RequestListener = (req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, at: performance.now() - started });
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    // The request body is not needed: drain it so the connection can be reused.
    req.resume();
    handler(req, res, received.length - 1);
  };
  const server = tls ? createTlsServer(tls, listener) : createServer(listener);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** Answers with a status, headers and a body. */
export function answer(status: number, headers: Record<string, string> = {}, body = ''): Handler {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

/**
 * A rate limiter like a real gateway's: a token bucket per key (the bearer token), `rate`
 * requests per second with room for `burst`; an empty bucket answers 429 with Retry-After
 * in whole seconds (rounded up) until the next token.
 */
export function tokenBucket(rate: number, burst: number): Handler & { served(): number; refused(): number } {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let served = 0;
  let refused = 0;
  const handler: Handler = (req, res) => {
    const key = req.headers.authorization ?? '';
    const t = performance.now();
    const bucket = buckets.get(key) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * rate);
    bucket.at = t;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      served++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"served":${served}}`);
      return;
    }
    refused++;
    const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
    res.writeHead(429, { 'retry-after': String(seconds), 'content-type': 'application/problem+json' });
    res.end('{"status":429,"code":"rate_limited"}');
  };
  return Object.assign(handler, { served: () => served, refused: () => refused });
}

/** Resident memory in MB, after a garbage collection when the process allows one. */
export function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
}
