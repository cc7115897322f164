// The bare node:http baseline: answers prebuilt spec-example strings by method, URL and Authorization, nothing else.
// Run as its own process: node --import tsx scripts/bench/bare-server.ts (routes in BENCH_BARE_ROUTES).
import { createServer } from 'node:http';
import type { CannedResponse } from './bench-requests.ts';

const routes = JSON.parse(process.env.BENCH_BARE_ROUTES ?? '[]') as CannedResponse[];
if (routes.length === 0)
  throw new Error('BENCH_BARE_ROUTES must hold the canned responses (JSON); run it through scripts/bench/launch-bare.ts');

const answers = new Map(
  routes.map((r) => [
    `${r.method} ${r.url} ${r.authorization}`,
    { status: r.status, headers: { 'content-type': r.contentType, 'content-length': String(Buffer.byteLength(r.body)) }, body: r.body },
  ]),
);
const NOT_FOUND = JSON.stringify({ status: 404, title: 'Not found' });

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
  if (!answer) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(NOT_FOUND);
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The bare server has no address');
  console.log(JSON.stringify({ origin: `http://127.0.0.1:${address.port}` }));
});

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
