// Bridges node:http and the core: an IncomingMessage becomes a plain
// MockRequest (headers object reused, body read up to the app's limit) and the
// MockResponse is written out unchanged, with CORS headers when asked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockRequest, MockResponse } from '../core/types.ts';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Prefer',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Allow, Retry-After, Content-Disposition',
  'Access-Control-Max-Age': '600',
};

/** Reads the body, stopping (and flagging) once it passes `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<{ body?: Uint8Array; truncated: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    req.on('data', (chunk: Buffer) => {
      if (truncated) return;
      size += chunk.length;
      if (size > limit) {
        truncated = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      resolve({ body: truncated || size === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), truncated }),
    );
    req.on('error', () => resolve({ body: undefined, truncated }));
  });
}

/** Turns a node request into the core's request value. */
export async function toMockRequest(req: IncomingMessage, bodyLimit: (path: string) => number): Promise<MockRequest> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const method = req.method ?? 'GET';
  const request: MockRequest = { method, path, query: q === -1 ? '' : url.slice(q + 1), headers: req.headers as Record<string, string> };
  const declared = req.headers['content-length'];
  if (method !== 'GET' && method !== 'HEAD' && (declared !== '0' || req.headers['transfer-encoding'])) {
    const { body, truncated } = await readBody(req, bodyLimit(path));
    request.body = body;
    if (truncated) request.bodyTruncated = true;
  }
  return request;
}

/** Writes the core's response. */
export function writeResponse(res: ServerResponse, response: MockResponse, cors: boolean): void {
  const headers = cors ? { ...CORS_HEADERS, ...response.headers } : response.headers;
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** The answer to a CORS preflight. */
export function writePreflight(res: ServerResponse): void {
  res.writeHead(204, CORS_HEADERS);
  res.end();
}
