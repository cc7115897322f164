// One HTTP exchange, bounded: one deadline from connect to the last byte, the body
// read up to a cap (then the connection is dropped), no redirect followed, nothing
// decompressed. undici does the HTTP: keep-alive pools per origin, TLS options per
// client, and a raw body stream (fetch would inflate gzip). Its own maxResponseSize
// throws the whole answer away and its timeouts are per phase or between chunks (a
// trickle resets them), so the cap and the overall deadline are enforced here.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent } from 'undici';
import { lostOnReusedSocket, watchSockets } from './socket-reuse.ts';
import { noAnswer, TransportError } from './transport-errors.ts';
import type { HeaderLine, WireAnswer, WireRequest } from './transport-types.ts';

/** An answer as one exchange gives it, before the transport adds attempts and timing. */
export type RawAnswer = Omit<WireAnswer, 'attempts' | 'waitedMs' | 'elapsedMs'>;

/** The bounds of one exchange. */
export interface ExchangeLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

// Sent unless the request sets them: some gateways refuse a request without a User-Agent,
// and identity asks the server not to compress (a compressed answer is kept raw anyway).
const DEFAULT_HEADERS: Record<string, string> = {
  'user-agent': 'bucketkit-conformance',
  accept: '*/*',
  'accept-encoding': 'identity',
};

/** The trusted roots for a `ca` option: the default ones, NODE_EXTRA_CA_CERTS, and the given ones. */
function trustedRoots(ca: string[]): string[] {
  // Node drops its default roots and NODE_EXTRA_CA_CERTS as soon as `ca` is given: add them back.
  const extraFile = process.env.NODE_EXTRA_CA_CERTS;
  const extra = extraFile ? [readFileSync(extraFile, 'utf8')] : [];
  return [...rootCertificates, ...extra, ...ca];
}

// A connection idle this long is not used again: servers and load balancers close idle connections without
// saying so (gunicorn after 2 s, Node and Apache after 5 s, cloud load balancers after 60 s), and a request
// written as the close crosses it is lost. A server's own Keep-Alive: timeout=N is honoured, less the threshold.
const KEEP_ALIVE = { keepAliveTimeout: 1500, keepAliveTimeoutThreshold: 2000, keepAliveMaxTimeout: 30_000 };

/** The connection pool of a transport. */
export function createAgent(options: { timeoutMs: number; concurrency: number; ca: string[] }): Agent {
  watchSockets();
  // undici's own timers only back up the overall deadline (exchange below), which names the cause more clearly.
  const backstop = options.timeoutMs + 1000;
  return new Agent({
    connections: options.concurrency,
    ...KEEP_ALIVE,
    headersTimeout: backstop,
    bodyTimeout: backstop,
    connect: { timeout: backstop, ...(options.ca.length ? { ca: trustedRoots(options.ca) } : {}) },
  });
}

/**
 * A header value as HTTP/1.1 carries it: header text is Latin-1, so a value with characters above U+00FF (a
 * request variant's odd token) goes as its UTF-8 bytes, one Latin-1 character per byte.
 */
function onTheWire(value: string): string {
  return /[\u0100-\uffff]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}

/** The request's headers with the defaults it does not set itself; several values of a name go as several lines. */
function withDefaults(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  const given = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const own = Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? onTheWire(value) : value.map(onTheWire)]);
  return { ...Object.fromEntries(Object.entries(DEFAULT_HEADERS).filter(([name]) => !given.has(name))), ...Object.fromEntries(own) };
}

/** Header lines from undici's raw list (name, value, name, value…), and the joined map. */
function headersOf(raw: string[]): { headers: Record<string, string>; headersArray: HeaderLine[] } {
  const headersArray: HeaderLine[] = [];
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = String(raw[i]).toLowerCase();
    const value = String(raw[i + 1]);
    headersArray.push({ name, value });
    headers[name] = name in headers ? `${headers[name]}${name === 'set-cookie' ? '\n' : ', '}${value}` : value;
  }
  return { headers, headersArray };
}

/** Reads a body up to `limit` bytes; past it stops reading, which drops the connection. */
async function readCapped(stream: AsyncIterable<Buffer> & { destroy(): void }, limit: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  let seen = 0;
  for await (const chunk of stream) {
    seen += chunk.length;
    if (kept < limit) {
      const part = chunk.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.length;
    }
    if (seen > limit) {
      stream.destroy();
      return { body: Buffer.concat(chunks), tooLarge: { limit, seen } };
    }
  }
  return { body: Buffer.concat(chunks) };
}

/** Where a 3xx points, when it says. */
function redirectOf(status: number, location: string | undefined, url: URL): RawAnswer['redirect'] {
  if (status < 300 || status > 399 || status === 304 || location === undefined) return undefined;
  try {
    const target = new URL(location, url);
    return { location: target.toString(), sameOrigin: target.origin === url.origin };
  } catch {
    return { location, sameOrigin: false };
  }
}

/** Sends one request over the agent; rejects with a TransportError when no full answer comes within the deadline. */
export async function exchange(agent: Agent, url: URL, request: WireRequest, limits: ExchangeLimits): Promise<RawAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TransportError(`no answer within ${limits.timeoutMs} ms`)), limits.timeoutMs);
  try {
    const res = await agent.request({
      origin: url.origin,
      path: request.rawPath ?? `${url.pathname}${url.search}`,
      method: request.method,
      headers: withDefaults(request.headers),
      body: request.body ?? null,
      signal: controller.signal,
      responseHeaders: 'raw',
    });
    const { headers, headersArray } = headersOf(res.headers as unknown as string[]);
    const { body, tooLarge } = await readCapped(res.body, limits.maxResponseBytes);
    const redirect = redirectOf(res.statusCode, headers.location, url);
    return {
      url: url.toString(),
      status: res.statusCode,
      statusText: res.statusText ?? '',
      headers,
      headersArray,
      body,
      ...(tooLarge ? { tooLarge } : {}),
      ...(redirect ? { redirect } : {}),
    };
  } catch (error) {
    // An abort rejects with the signal's reason (the deadline's TransportError).
    throw controller.signal.aborted ? noAnswer(controller.signal.reason) : noAnswer(error, lostOnReusedSocket(error));
  } finally {
    clearTimeout(timer);
  }
}
