// Real loopback servers that play a broken deployment for the suite's tests: a
// closed port, one that accepts and never answers, one that refuses every key,
// and a proxy to the mock that dies (or hangs) after a number of requests.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { originForm } from './support/loopback-proxy.ts';

export interface Loopback {
  origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (an ephemeral port) and tracks the server's sockets, so `close()` ends them all at once. */
export async function listen(server: Server | ReturnType<typeof createTcpServer>, sockets = new Set<Socket>()): Promise<Loopback> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** A port nothing listens on (taken, then released). */
export async function closedPort(): Promise<string> {
  const server = await listen(createTcpServer(), new Set());
  await server.close();
  return server.origin;
}

/** Accepts connections and never answers. */
export function hangingServer(): Promise<Loopback> {
  return listen(
    createTcpServer(() => undefined),
    new Set(),
  );
}

/** Answers 401 to every request, with the challenge a real service sends. */
export function refusingServer(): Promise<Loopback> {
  return listen(
    createServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/problem+json', 'WWW-Authenticate': 'Bearer' });
      res.end('{"status":401,"code":"unauthenticated"}');
    }),
    new Set(),
  );
}

/** A proxy to `target` that, after `answered` requests, stops: it closes its port ("dies") or keeps connections without answering ("hangs"). */
export async function failingProxy(target: string, answered: number, how: 'dies' | 'hangs'): Promise<Loopback & { seen(): number }> {
  let seen = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    seen += 1;
    if (seen > answered) {
      if (how === 'dies') stop();
      return;
    }
    // As a reverse proxy does: the mock answers only to its own Host.
    const headers = { ...req.headers, host: new URL(target).host };
    const upstream = httpRequest(`${target}${originForm(req.url ?? '/')}`, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    });
    // A dying proxy resets the connections in flight on both sides: each side only drops its peer, nothing throws.
    upstream.on('error', () => res.destroy());
    req.on('error', () => upstream.destroy());
    res.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  const loopback = await listen(server, sockets);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    void loopback.close();
  };
  return { ...loopback, seen: () => seen };
}

/** Writes a config file for a deployment at `baseUrl` with the given keys (tokens inline: test keys only). */
export function writeConfig(baseUrl: string, workspaceId: string, buckets: { allowed: string; other: string }, keys: object[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bk-dead-')), 'config.json');
  writeFileSync(path, JSON.stringify({ baseUrl, workspaceId, buckets, keys }));
  return path;
}
