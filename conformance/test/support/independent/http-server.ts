// The node:http side: reads each request (body capped), hands it to the
// server's answerer and writes the answer. A bug in a handler is a 500 with
// its message, never a crash. Listens on 127.0.0.1, on an ephemeral port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure } from './answers.ts';
import type { Answer, Incoming } from './types.ts';

/** Bodies up to this size are read; an upload's bytes may be larger (up to `maxUploadBytes`). */
const MAX_JSON_BYTES = 1024 * 1024;

export interface HttpOptions {
  maxUploadBytes: number;
  /** Prepares the server before it listens (e.g. the idle-close trait). */
  configure?(server: Server): void;
}

export interface Listening {
  origin: string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage, cap: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > cap ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string | string[]> = { ...answer.headers };
  let body: Buffer | string = answer.raw ?? '';
  if (answer.json !== undefined) {
    body = JSON.stringify(answer.json);
    headers['Content-Type'] = 'application/json; charset=utf-8';
  }
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(answer.status, headers);
  res.end(body);
}

/** Serves `answer` over HTTP on 127.0.0.1 at an ephemeral port. */
export async function listen(answer: (request: Incoming) => Promise<Answer>, options: HttpOptions): Promise<Listening> {
  const server = createServer(async (req, res) => {
    try {
      const [path, query = ''] = (req.url ?? '/').split(/\?(.*)/s);
      const cap = req.method === 'PUT' && path.startsWith('/uploads/') ? options.maxUploadBytes : MAX_JSON_BYTES;
      const body = await readBody(req, cap);
      if (body === 'too-large') return write(res, failure(413, 'too_large', `Bodies are limited to ${cap} bytes.`));
      const host = req.headers.host ?? `127.0.0.1:${(server.address() as AddressInfo).port}`;
      const request: Incoming = {
        method: (req.method ?? 'GET').toUpperCase(),
        path,
        query: new URLSearchParams(query),
        headers: req.headers,
        body,
        origin: `http://${host}`,
      };
      write(res, await answer(request));
    } catch (error) {
      if (!res.headersSent) write(res, failure(500, 'internal', `The server failed: ${(error as Error).message}`));
      else res.destroy();
    }
  });
  options.configure?.(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
