// Turns the mock's behaviour core into MSW request handlers: an MSW request
// becomes a plain MockRequest, the core's MockResponse becomes an HttpResponse.
// Shared by the Node (setupServer) and browser (setupWorker) front ends.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { MockRequest, MockResponse, RequestHead } from '../core/types.ts';
import type { MockAppHandle } from '../app/create-mock-app.ts';

/**
 * The path prefixes the mock answers on its origin: the API (any version, so
 * `/api/v2` gets the mock's own 404), the control API and the presigned
 * upload and download URLs. Everything else on the origin (the page, its
 * scripts) is left to the network.
 */
export const MOCK_PATH_PREFIXES = ['/api/', '/__mock/', '/__uploads/', '/__downloads/'] as const;

/** Whether a URL path is one the mock answers. */
export function isMockPath(path: string): boolean {
  return MOCK_PATH_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

/** Checks an origin option where it enters: `http(s)://host[:port]`, nothing after it. */
export function normaliseOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`MSW mock origin "${origin}" is not a URL; pass an origin such as "http://127.0.0.1:4010".`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin.replace(/\/+$/, '')) {
    throw new Error(
      `MSW mock origin "${origin}" must be only a scheme, host and port, such as "http://127.0.0.1:4010" (no path, query or trailing text).`,
    );
  }
  return url.origin;
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/** The request's head: what the app needs to admit or refuse its body before it is read. */
function headOf(request: Request): RequestHead {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  // Fetch Headers already lower-case names and join repeated values with ', '.
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { method: request.method.toUpperCase(), path: url.pathname, query: url.search.replace(/^\?/, ''), headers };
}

/**
 * Reads an MSW (Fetch API) request into the core's plain request value. A body
 * longer than `bodyLimit` bytes is cut there and flagged, as the HTTP front end does.
 */
export async function toMockRequest(request: Request, bodyLimit = Number.POSITIVE_INFINITY): Promise<MockRequest> {
  const head = headOf(request);
  const bytes = BODYLESS_METHODS.has(head.method) ? undefined : new Uint8Array(await request.arrayBuffer());
  const truncated = bytes !== undefined && bytes.length > bodyLimit;
  return {
    ...head,
    body: bytes && bytes.length > 0 ? (truncated ? bytes.subarray(0, bodyLimit) : bytes) : undefined,
    ...(truncated ? { bodyTruncated: true } : {}),
    signal: request.signal,
  };
}

// Statuses whose response must not carry a body (Fetch refuses to build one).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Writes the core's response out as an MSW HttpResponse, unchanged. A network
 * error is `Response.error()`; so is a 1xx, which the Fetch API cannot carry
 * (over HTTP the mock sends it and closes the connection: a network error to fetch).
 */
export function toHttpResponse(response: MockResponse): HttpResponse<BodyInit> {
  if (response.networkError || response.status < 200) return HttpResponse.error() as HttpResponse<BodyInit>;
  const body = NULL_BODY_STATUSES.has(response.status) || response.body === undefined ? null : response.body;
  return new HttpResponse(body as BodyInit | null, { status: response.status, headers: response.headers });
}

/**
 * One MSW handler (`http.all`) that hands every request for the mock's paths
 * on `origin` to `app` and answers with the core's response.
 */
export function createMockHandler(app: MockAppHandle, origin: string): HttpHandler {
  const ownOrigin = normaliseOrigin(origin);
  return http.all(
    ({ request }) => {
      const url = new URL(request.url);
      return url.origin === ownOrigin && isMockPath(url.pathname);
    },
    async ({ request }) => {
      const admission = app.admitBody(headOf(request));
      if ('refusal' in admission) return toHttpResponse(admission.refusal);
      const response = await app.handle('unread' in admission ? headOf(request) : await toMockRequest(request, admission.limit));
      // HEAD answers carry the headers of GET and no body.
      return toHttpResponse(request.method.toUpperCase() === 'HEAD' ? { ...response, body: undefined } : response);
    },
  );
}

/** One handler per origin, all backed by the same app (same world, same keys). */
export function createMockHandlers(app: MockAppHandle, origins: readonly string[]): HttpHandler[] {
  if (origins.length === 0) throw new Error('Give the MSW mock at least one origin, such as "http://127.0.0.1:4010".');
  return origins.map((origin) => createMockHandler(app, origin));
}
