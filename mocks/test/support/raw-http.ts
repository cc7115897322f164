// Test support: requests fetch cannot make — any Host header, a declared body
// that never arrives, a body that never ends — over node:http, one connection
// each, with how long the answer took.
import { request as httpRequest } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Milliseconds from sending the head to the end of the answer. */
  ms: number;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent, then the request is ended unless `holdOpen`. */
  body?: string | Buffer;
  /** Keep the request body open after `body` (a body that has not all arrived). */
  holdOpen?: boolean;
}

/** Sends one request to `origin` and resolves with the answer (or rejects if the connection fails first). */
export function rawRequest(origin: string, options: RawRequest): Promise<RawAnswer> {
  const url = new URL(origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          });
          req.destroy();
        });
        res.on('error', reject);
      },
    );
    // The server may answer and close while a held-open body is still expected: that is the point, not a failure.
    req.on('error', (error) => (options.holdOpen ? undefined : reject(error)));
    if (options.body !== undefined) req.write(options.body);
    if (!options.holdOpen) req.end();
    else req.flushHeaders();
  });
}
