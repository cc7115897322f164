// The bare node:http baseline: answers prebuilt strings by method, URL and Authorization, and nothing else.
// Started by servers.ts with the answers as JSON in BENCH_BARE_ANSWERS; prints "listening <origin>".
import { createServer } from 'node:http';

const answers = new Map(
  JSON.parse(process.env.BENCH_BARE_ANSWERS ?? '[]').map((a) => [
    a.key,
    { status: a.status, headers: { 'content-type': a.contentType, 'content-length': String(Buffer.byteLength(a.body)) }, body: a.body },
  ]),
);
if (answers.size === 0) throw new Error('BENCH_BARE_ANSWERS holds no answers');
const NOT_FOUND = JSON.stringify({ status: 404, title: 'Not found' });

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
  if (!answer) return void res.writeHead(404, { 'content-type': 'application/json' }).end(NOT_FOUND);
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
