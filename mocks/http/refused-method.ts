// Reads a request whose method token Node's HTTP parser refuses before any
// handler sees it (a method in lower or mixed case: `get`, `Patch`; llhttp
// knows only upper-case methods): its head is read from the bytes where the
// parser stopped, its body when wholly there by Content-Length, so the core
// answers it like any other request (and a planted fault may act on it). The
// answer is written on the socket, which then closes: the parser cannot go
// on after an error (a request pipelined before it and still being answered
// is lost, as with Node's own answer). Any other client error gets Node's own
// answer.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { MockRequest, MockResponse } from '../core/types.ts';

/** A method token (RFC 9110 §5.6.2). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** What Node answers a client error with when nothing listens for it (its own table). */
const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** A client error as Node reports it: the bytes it was parsing, and how far it got. */
export interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/** A token character (the method's), as a byte. */
const isTokenByte = (byte: number) => TOKEN.test(String.fromCharCode(byte));

/**
 * The request whose method the parser refused at `offset` of the bytes (it stops inside the token: `Patch` at `a`),
 * when its method is a token and its head (and declared body) are all there.
 */
export function readRefusedRequest(raw: Buffer, offset: number): MockRequest | undefined {
  let start = Math.min(offset, raw.length);
  while (start > 0 && isTokenByte(raw[start - 1])) start--;
  const bytes = raw.subarray(start);
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [line, ...fields] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const parts = /^(\S+) (\S+) HTTP\/1\.[01]$/.exec(line);
  if (!parts || !TOKEN.test(parts[1])) return undefined;
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) return undefined;
    const name = field.slice(0, colon).trim().toLowerCase();
    const value = field.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  if (headers['transfer-encoding'] !== undefined) return undefined;
  const length = Number(headers['content-length'] ?? '0');
  if (!Number.isInteger(length) || length < 0 || bytes.length < end + 4 + length) return undefined;
  const [, method, target] = parts;
  const q = target.indexOf('?');
  return {
    method,
    path: q === -1 ? target : target.slice(0, q),
    query: q === -1 ? '' : target.slice(q + 1),
    headers,
    ...(length > 0 ? { body: bytes.subarray(end + 4, end + 4 + length) } : {}),
  };
}

/** Writes an answer on the socket and closes it (no body for HEAD, in any case). */
export function writeOnSocket(socket: Socket, method: string, response: MockResponse): void {
  if (response.networkError) return void socket.destroy();
  const body = method.toUpperCase() === 'HEAD' || response.body === undefined ? Buffer.alloc(0) : Buffer.from(response.body);
  const own = Object.entries(response.headers).filter(([name]) => !/^(content-length|connection)$/i.test(name));
  const head = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`,
    ...own.map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${method.toUpperCase() === 'HEAD' ? Buffer.byteLength(response.body ?? '') : body.length}`,
    'Connection: close',
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]));
}

/** Node's own answer to a client error (what it sends when nothing listens), then the socket closed. */
export function answerAsNode(error: ClientError, socket: Socket): void {
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(`HTTP/1.1 ${NODE_ANSWERS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy();
}
