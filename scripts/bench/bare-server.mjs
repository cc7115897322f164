// The bare node:http baseline: answers prebuilt strings by method, URL and Authorization, and nothing else.
// The bench passes the answers as JSON in BENCH_BARE_ANSWERS ({ "METHOD url authorization": answer }); prints "listening <origin>".
import { createServer } from 'node:http';

const answers = Object.entries(JSON.parse(process.env.BENCH_BARE_ANSWERS ?? '{}')).map(([key, a]) => {
  const headers = { 'content-type': a.contentType, 'content-length': String(Buffer.byteLength(a.body)) };
  return [key, { status: a.status, headers, body: a.body }];
});
if (answers.length === 0) throw new Error('BENCH_BARE_ANSWERS holds no answers');
const byKey = new Map(answers);

const server = createServer((req, res) => {
  const answer = byKey.get(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`) ?? { status: 404, headers: {}, body: '' };
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
