// A loopback HTTP proxy in front of the mock whose behaviour a test swaps: by
// default it forwards, and a rule can answer instead, change the request or
// change the answer. It turns the correct mock into "another implementation":
// one that chose differently where the seed allows, or one that breaks a rule.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendHttp } from './raw-http.ts';

export interface ProxyRequest {
  method: string;
  /** Path and raw query string, exactly as received. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends a request to the mock (the rule may call it zero, one or several times). */
export type Forward = (request: ProxyRequest) => Promise<ProxyResponse>;
export type Rule = (request: ProxyRequest, forward: Forward) => Promise<ProxyResponse>;

export const passThrough: Rule = (request, forward) => forward(request);

export interface LoopbackProxy {
  origin: string;
  use(rule: Rule): void;
  close(): Promise<void>;
}

const flat = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));

/** An absolute-form request-target as its path and query, as a front proxy forwards it (RFC 9112 §3.2.2). */
export function originForm(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  const rest = target.replace(/^https?:\/\/[^/?#]*/i, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A JSON answer a rule can return. */
export function json(status: number, body: unknown, contentType = 'application/json'): ProxyResponse {
  return { status, headers: { 'content-type': contentType }, body: Buffer.from(JSON.stringify(body)) };
}

/** Starts the proxy on 127.0.0.1 in front of `target` (an origin). */
export async function startLoopbackProxy(target: string): Promise<LoopbackProxy> {
  let rule: Rule = passThrough;
  // Over node:http, not fetch: fetch drops a GET's body, which a reverse proxy forwards (a method override carries one).
  const forward: Forward = async (request) => {
    const headers = { ...request.headers };
    delete headers['content-length'];
    delete headers.host;
    delete headers.connection;
    const answer = await sendHttp(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: request.body.length && request.method !== 'HEAD' ? request.body : undefined,
      timeoutMs: 60_000,
    });
    const out = Object.fromEntries(
      Object.entries(answer.headers).filter(
        ([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name),
      ),
    );
    return { status: answer.status, headers: out, body: answer.body };
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: originForm(req.url ?? '/'),
        headers: flat(req.headers),
        body: Buffer.concat(chunks),
      };
      rule(request, forward)
        .then((answer) => {
          res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
          res.end(answer.body);
        })
        .catch((error: Error) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${error.message}`);
        });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    use: (next) => void (rule = next),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
