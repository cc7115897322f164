// A standalone loopback proxy that delays every answer by a fixed time, streaming both ways, for running the suite at a latency.
// Usage: tsx scripts/bench/latency-proxy.ts --target ORIGIN --latency MS [--port 0]; prints {"origin":"http://127.0.0.1:PORT"}, stops on SIGTERM.
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'];

/** The options, checked: a usage error exits 2 with the reason. */
function readOptions(): { target: URL; latencyMs: number; port: number } {
  try {
    const { values } = parseArgs({
      options: { target: { type: 'string' }, latency: { type: 'string', default: '0' }, port: { type: 'string', default: '0' } },
    });
    if (!values.target) throw new Error('--target ORIGIN is required');
    const target = new URL(values.target);
    if (target.protocol !== 'http:') throw new Error(`--target must be an http:// origin, got ${values.target}`);
    const latencyMs = Number(values.latency);
    const port = Number(values.port);
    if (!Number.isFinite(latencyMs) || latencyMs < 0 || latencyMs > 60_000)
      throw new Error(`--latency must be 0 to 60000 ms, got ${values.latency}`);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, got ${values.port}`);
    return { target, latencyMs, port };
  } catch (error) {
    process.stderr.write(`latency-proxy: ${(error as Error).message}\nUsage: latency-proxy --target ORIGIN --latency MS [--port 0]\n`);
    process.exit(2);
  }
}

const { target, latencyMs, port } = readOptions();
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const without = (headers: IncomingMessage['headers']) => {
  const kept: Record<string, string | string[] | undefined> = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
};

function forward(req: IncomingMessage, res: ServerResponse): void {
  const headers = { ...without(req.headers), host: target.host };
  const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
    // The answer waits, unread, in its socket until the delay has passed; then it streams through.
    const timer = setTimeout(() => {
      res.writeHead(answer.statusCode ?? 502, without(answer.headers));
      answer.pipe(res);
    }, latencyMs);
    res.on('close', () => clearTimeout(timer));
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`latency-proxy: ${error.message}`);
    else res.destroy();
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

const server = createServer(forward);
server.keepAliveTimeout = 5_000;
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP address');
  process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${address.port}`, target: target.origin, latencyMs })}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    agent.destroy();
  });
}
