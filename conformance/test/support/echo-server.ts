// A loopback HTTP server for the leak tests: it accepts a valid key as a bearer header
// or as ?access_token= / ?api_key=, and echoes the Authorization header and the query
// string back in every encoding a server might use, and cut, wrapped or nested, in its
// body (JSON, or plain text when asked for) and a header.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cutForms, encodedForms } from './key-encodings.ts';

export interface ReceivedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface EchoServer {
  /** The base URL, ending with /api/v1. */
  baseUrl: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** The key a request presents: the bearer token, else a query key. */
function presentedKey(request: ReceivedRequest): string | undefined {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  const query = new URL(request.url, 'http://127.0.0.1').searchParams;
  return query.get('access_token') ?? query.get('api_key') ?? undefined;
}

/**
 * The echo: the Authorization header and query string as received, then every encoding
 * of the presented key, then the key cut in pieces (see cutForms), its first 40% and the
 * rest also as two top-level fields. The encodings rotate from one answer to the next, so
 * that each comes first (where a cut excerpt keeps it) in some answer.
 */
function echoBody(request: ReceivedRequest, turn: number, status: number): string {
  const key = presentedKey(request) ?? request.headers.authorization ?? '';
  const forms = key ? encodedForms(key) : [];
  const first = forms.length ? turn % forms.length : 0;
  const rotated = [...forms.slice(first), ...forms.slice(0, first)];
  const at = Math.round(key.length * 0.4);
  return JSON.stringify({
    code: status === 200 ? 'ok' : 'unauthenticated',
    status,
    detail: rotated.length ? `${rotated[0].name}: ${rotated[0].text}` : 'no key presented',
    keyStart: key.slice(0, at),
    keyEnd: key.slice(at),
    authorization: request.headers.authorization ?? null,
    query: new URL(request.url, 'http://127.0.0.1').search,
    echo: Object.fromEntries(rotated.map((f) => [f.name, f.text])),
    cut: Object.fromEntries((key ? cutForms(key) : []).map((f) => [f.name, f.text])),
  });
}

/** The echo as plain text, for `Accept: text/plain`: each cut form as the server wrote it, raw line breaks included. */
function echoText(request: ReceivedRequest): string {
  const key = presentedKey(request) ?? '';
  return [...encodedForms(key), ...cutForms(key)].map((f) => `${f.name}:\n${f.text}\n`).join('\n');
}

/** Starts the echo server on 127.0.0.1 (an ephemeral port); `keys` are the tokens it accepts. */
export async function startEchoServer(keys: string[]): Promise<EchoServer> {
  const received: ReceivedRequest[] = [];
  let turn = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const key = presentedKey(request);
      const status = key !== undefined && keys.includes(key) ? 200 : 401;
      const plain = req.headers.accept === 'text/plain' && key !== undefined;
      const headers: Record<string, string> = {
        'Content-Type': plain ? 'text/plain' : status === 200 ? 'application/json' : 'application/problem+json',
        'X-Echo-Authorization': encodeURIComponent(request.headers.authorization ?? ''),
      };
      if (status === 401) headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${key ?? 'none'}"`;
      res.writeHead(status, headers).end(plain ? echoText(request) : echoBody(request, turn++, status));
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    received,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
