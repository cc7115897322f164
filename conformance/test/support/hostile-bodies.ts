// Hostile answers written straight to a node:http response: a trickle, a gzip
// bomb, a 200 MB body streamed from one reused chunk, and JSON bodies of the
// wrong kind (invalid, null, a string, an array). The JSON ones are also Rules.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { ProxyResponse, Rule } from './loopback-proxy.ts';

/** A JSON body of the wrong kind: unparseable, or null, a string or an array where an object is expected. */
export type WrongJson = 'invalid-json' | 'json-null' | 'json-string' | 'json-array';

/** What a hostile route answers. */
export type HostileAnswer =
  /** `body`: headers at once, then one byte per interval; `start`: the whole response, status line included, one byte per interval. */
  | { kind: 'trickle'; from: 'body' | 'start'; intervalMs?: number; body?: string }
  /** `content-encoding: gzip` inflating to `inflatedBytes` (10 GiB by default). */
  | { kind: 'gzip-bomb'; inflatedBytes?: number }
  /** A JSON body of `bytes` (200 MB by default), streamed. */
  | { kind: 'huge'; bytes?: number }
  | { kind: WrongJson; status?: number };

const WRONG_JSON: Record<WrongJson, string> = {
  'invalid-json': '{"data":[{"id":"file_1","path":',
  'json-null': 'null',
  'json-string': '"ok"',
  'json-array': '[]',
};

/** The bytes of a wrong JSON body (sent with content-type application/json). */
export const wrongJsonBody = (kind: WrongJson): string => WRONG_JSON[kind];

/** A Rule answering every request it sees with a wrong JSON body (wrap it in `when` to target a route). */
export function hostileJson(kind: WrongJson, status = 200): Rule {
  const answer: ProxyResponse = { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(WRONG_JSON[kind]) };
  return () => Promise.resolve(answer);
}

/** How much one gzip member inflates to: 1 MiB of zeros, compressed once (about 1 KB). */
export const GZIP_MEMBER_INFLATED = 1 << 20;
let member: Buffer | undefined;

/** The gzip bomb as gzip members repeated (RFC 1952 allows a stream of members): the member, the copies, the bytes on the wire. */
export function gzipBombPlan(inflatedBytes = 10 * 1024 ** 3): { member: Buffer; copies: number; wireBytes: number } {
  member ??= gzipSync(Buffer.alloc(GZIP_MEMBER_INFLATED), { level: 9 });
  const copies = Math.ceil(inflatedBytes / GZIP_MEMBER_INFLATED);
  return { member, copies, wireBytes: copies * member.length };
}

/** Writes `count` chunks from `next` with backpressure; stops when the client goes away. */
function pump(res: ServerResponse, count: number, next: (i: number) => Buffer, done: () => void): void {
  let i = 0;
  const more = () => {
    while (i < count && !res.destroyed) {
      if (!res.write(next(i++))) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end(done);
  };
  res.on('close', () => res.removeAllListeners('drain'));
  more();
}

/** Writes one byte of `bytes` every `intervalMs`, then `end`s; `onClose` registers the stop for a client that leaves. */
function trickle(bytes: Buffer, intervalMs: number, write: (b: Buffer) => void, end: () => void, onClose: (stop: () => void) => void) {
  let i = 0;
  const timer = setInterval(() => {
    write(bytes.subarray(i, i + 1));
    if (++i === bytes.length) {
      clearInterval(timer);
      end();
    }
  }, intervalMs);
  onClose(() => clearInterval(timer));
}

function writeTrickle(answer: Extract<HostileAnswer, { kind: 'trickle' }>, req: IncomingMessage, res: ServerResponse, served: Served) {
  const body = Buffer.from(answer.body ?? '{"data":[],"nextCursor":null}');
  const interval = answer.intervalMs ?? 1000;
  if (answer.from === 'body') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) }).flushHeaders();
    const end = () => res.end(() => served(body.length));
    return trickle(
      body,
      interval,
      (b) => res.write(b),
      end,
      (stop) => res.on('close', stop),
    );
  }
  // From the start: the status line and headers trickle too, so the response is written to the socket by hand.
  const head = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`;
  const socket = req.socket;
  const end = () => socket.end(() => served(body.length));
  trickle(
    Buffer.concat([Buffer.from(head), body]),
    interval,
    (b) => socket.write(b),
    end,
    (stop) => socket.on('close', stop),
  );
}

function writeGzipBomb(inflatedBytes: number | undefined, res: ServerResponse, served: Served) {
  const plan = gzipBombPlan(inflatedBytes);
  // Members go out 64 to a write: 10 GiB is 160 writes of about 64 KB, not 10,240 tiny ones.
  const block = Buffer.concat(Array.from({ length: Math.min(64, plan.copies) }, () => plan.member));
  const perBlock = block.length / plan.member.length;
  const blocks = Math.floor(plan.copies / perBlock);
  const rest = block.subarray(0, (plan.copies - blocks * perBlock) * plan.member.length);
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(plan.wireBytes) });
  pump(
    res,
    blocks + 1,
    (i) => (i < blocks ? block : rest),
    () => served(plan.wireBytes),
  );
}

function writeHuge(total: number, res: ServerResponse, served: Served) {
  const open = Buffer.from('{"pad":"');
  const close = Buffer.from('"}');
  if (total < open.length + close.length) throw new Error(`a huge body needs at least ${open.length + close.length} bytes`);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const fill = total - open.length - close.length;
  const chunks = Math.ceil(fill / chunk.length);
  const last = chunk.subarray(0, fill - (chunks - 1) * chunk.length);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(total) });
  res.write(open);
  pump(
    res,
    chunks + 1,
    (i) => (i === chunks ? close : i === chunks - 1 ? last : chunk),
    () => served(total),
  );
}

type Served = (bytes: number) => void;

/** Answers `req` with the hostile answer; `served` is called with the body bytes written once it is done. */
export function writeHostile(answer: HostileAnswer, req: IncomingMessage, res: ServerResponse, served: Served = () => {}): void {
  req.resume();
  if (answer.kind === 'trickle') return writeTrickle(answer, req, res, served);
  if (answer.kind === 'gzip-bomb') return writeGzipBomb(answer.inflatedBytes, res, served);
  if (answer.kind === 'huge') return writeHuge(answer.bytes ?? 200_000_000, res, served);
  const body = Buffer.from(WRONG_JSON[answer.kind]);
  const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
  res.writeHead(answer.status ?? 200, headers).end(body, () => served(body.length));
}
