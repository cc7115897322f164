// Bridges node:http and the core: an IncomingMessage becomes a plain
// MockRequest (headers object reused, body read only when admitted and only up
// to its limit) and the MockResponse is written out unchanged: without a body
// for HEAD, with CORS headers where allowed, and closing the connection when
// the request's body was not read to its end. A network error destroys the
// socket; a 1xx (interim in HTTP, never a final answer) is sent, then the
// connection closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { BodyAdmission, RequestHead } from './body-admission.ts';

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Prefer',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Allow, Retry-After, Content-Disposition',
  'Access-Control-Max-Age': '600',
};

/** What reading a request gave: the core's request, or a refusal to write instead; `unread` when body bytes were left unread. */
export type ReadRequest = { request: MockRequest; unread: boolean } | { refusal: MockResponse; unread: boolean };

/**
 * Reads at most `limit` bytes; one byte more flags the body truncated and stops
 * reading at once (the rest is never buffered).
 */
function readBody(req: IncomingMessage, limit: number): Promise<{ body?: Uint8Array; truncated: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (truncated: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onEnd);
      if (truncated) return resolve({ body: undefined, truncated });
      resolve({ body: size === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), truncated });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.pause();
        return finish(true);
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(false);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEnd);
  });
}

/** The request's head: method, path, raw query and headers. */
export function requestHead(req: IncomingMessage): RequestHead {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? '' : url.slice(q + 1),
    headers: req.headers as Record<string, string>,
  };
}

/** Whether the client of a response went away, and a signal of it made only when something waits on it. */
export interface ClientWatch {
  gone(): boolean;
  signal(): AbortSignal;
}

/**
 * Watches a response's client. An AbortController per request cost the mock about a quarter of its throughput,
 * and only a held or delayed request (a scenario) needs one: it is made on the first ask.
 */
export function clientWatch(res: ServerResponse): ClientWatch {
  let left = false;
  let controller: AbortController | undefined;
  res.once('close', () => {
    if (res.writableFinished) return;
    left = true;
    controller?.abort();
  });
  return {
    gone: () => left,
    signal() {
      controller ??= new AbortController();
      if (left) controller.abort();
      return controller.signal;
    },
  };
}

/** Turns a node request into the core's request value, reading the body only as admitted; `watch` tells when the client went away. */
export async function toMockRequest(
  req: IncomingMessage,
  admit: (head: RequestHead) => BodyAdmission,
  watch?: ClientWatch,
): Promise<ReadRequest> {
  const head = requestHead(req);
  const request: MockRequest = { ...head };
  if (watch) {
    // Plain function fields, not a getter: a getter on the request object slowed every request's pipeline.
    request.clientGone = watch.gone;
    request.abortSignal = watch.signal;
  }
  const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
  if (!hasBody) return { request, unread: false };
  const admission = admit(head);
  if ('refusal' in admission) return { refusal: admission.refusal, unread: true };
  if ('unread' in admission) return { request, unread: true };
  const { body, truncated } = await readBody(req, admission.limit);
  request.body = body;
  if (truncated) request.bodyTruncated = true;
  return { request, unread: truncated };
}

function byteLength(body: MockResponse['body']): number {
  return body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/**
 * Writes the core's response. A HEAD answer carries the headers (and the
 * Content-Length) the GET would, and no body. When the request's body was not
 * read to its end the connection closes: reading the rest would waste the
 * memory or time the refusal saved.
 */
export function writeResponse(
  res: ServerResponse,
  method: string,
  response: MockResponse,
  options: { cors: boolean; unread: boolean },
): void {
  if (response.networkError) return void res.destroy();
  const headers: Record<string, string> = options.cors ? { ...CORS_HEADERS, ...response.headers } : { ...response.headers };
  if (options.unread || response.status < 200) headers.Connection = 'close';
  if (response.status < 200) {
    res.writeHead(response.status, headers);
    res.end();
    return void res.socket?.end();
  }
  if (method === 'HEAD') {
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
      headers['Content-Length'] = String(byteLength(response.body));
    res.writeHead(response.status, headers);
    return void res.end();
  }
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** The answer to a CORS preflight. */
export function writePreflight(res: ServerResponse): void {
  res.writeHead(204, CORS_HEADERS);
  res.end();
}
