// A raw HTTP client for the test servers (the loopback proxy forwards with it): any method, any body, several
// lines of one header, no redirect followed, the bytes as they came. The suite itself sends through its transport.
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface HttpCall {
  method: string;
  /** An array sends one header line per value; a value with characters above U+00FF is sent as its UTF-8 bytes. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
  timeoutMs: number;
}

export interface HttpAnswer {
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  headersArray: { name: string; value: string }[];
  body: Buffer;
}

/** A transport failure: the request got no HTTP answer (refused, reset, timed out). */
export class TransportError extends Error {}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

// What curl and Playwright send unasked; some gateways refuse a request without a User-Agent.
const DEFAULT_HEADERS: Record<string, string> = { 'user-agent': 'bucketkit-conformance', accept: '*/*' };

/**
 * A header value as node:http takes it: it writes header text as Latin-1 and refuses characters above
 * U+00FF, so such a value goes as its UTF-8 bytes, one Latin-1 character per byte.
 */
function onTheWire(value: string): string {
  return /[\u0100-\uffff]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}

/** The request's headers, with the defaults it does not set itself (names compared case-insensitively). */
function withDefaults(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const own = Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? onTheWire(value) : value.map(onTheWire)]);
  return { ...Object.fromEntries(Object.entries(DEFAULT_HEADERS).filter(([name]) => !given.has(name))), ...Object.fromEntries(own) };
}

function flatten(headers: IncomingHttpHeaders, raw: string[]): Pick<HttpAnswer, 'headers' | 'headersArray'> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  const headersArray = [];
  for (let i = 0; i + 1 < raw.length; i += 2) headersArray.push({ name: raw[i], value: raw[i + 1] });
  return { headers: flat, headersArray };
}

/** Sends the request; rejects with a TransportError naming the cause when no answer comes in time. */
export function sendHttp(url: string, call: HttpCall): Promise<HttpAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') return Promise.reject(new TransportError(`unsupported protocol ${target.protocol}`));
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers = withDefaults(call.headers);
    // node:http sends a GET's body unframed (no Content-Length, no chunks): the server would read it as the next request.
    if (call.body !== undefined && !Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name)))
      headers['content-length'] = String(call.body.length);
    // The target as written, not as URL parsing rewrites it (dot segments resolved, `\` read as `/`, `%2e` as `.`):
    // a request-target variant reaches the server behind the proxy byte for byte.
    const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
    const req = send({
      protocol: target.protocol,
      hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: target.port,
      path,
      method: call.method,
      headers,
      agent: secure ? agents.https : agents.http,
    });
    // One timer for the whole exchange: a server that accepts and then trickles or hangs must not hold a check.
    const timer = setTimeout(() => req.destroy(new TransportError(`no answer within ${call.timeoutMs} ms`)), call.timeoutMs);
    const failed = (error: Error) => {
      clearTimeout(timer);
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        error instanceof TransportError
          ? error
          : new TransportError(code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message),
      );
    };
    req.on('error', failed);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', failed);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          url,
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          ...flatten(res.headers, res.rawHeaders),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.end(call.body);
  });
}
