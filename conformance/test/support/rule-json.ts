// Small helpers the variant rules share to read and rewrite requests and JSON
// answers (status and headers kept), and to answer a problem body.
import type { ProxyRequest, ProxyResponse } from './loopback-proxy.ts';

/** The request's URL, parsed against a placeholder origin (path and query are what count). */
export const urlOf = (request: ProxyRequest): URL => new URL(request.url, 'http://proxy.invalid');

/** The request path and query written back from a parsed URL. */
export const pathAndQuery = (url: URL): string => `${url.pathname}${url.search}`;

/** The URL (path and raw query) without the query parameter `name`; every other byte of the query is kept as sent. */
export function withoutParam(url: string, name: string): string {
  const [path, query] = [url.split('?')[0], url.split('?').slice(1).join('?')];
  if (!query) return url;
  const kept = query.split('&').filter((part) => {
    try {
      return decodeURIComponent(part.split('=')[0].replace(/\+/g, ' ')) !== name;
    } catch {
      return true;
    }
  });
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/** The JSON value of a body, or undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Whether a content type names JSON (application/json, application/problem+json, ...). */
export const isJsonType = (contentType: string | undefined): boolean => /^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? '');

/** The answer with `body` as its new JSON body; status and other headers are kept. */
export function withJsonBody(response: ProxyResponse, body: unknown): ProxyResponse {
  const type = isJsonType(response.headers['content-type']) ? response.headers['content-type'] : 'application/json';
  return { ...response, headers: { ...response.headers, 'content-type': type }, body: Buffer.from(JSON.stringify(body)) };
}

/** A problem answer (RFC 9457) in the mock's style, with extra headers. */
export function problemAnswer(status: number, code: string, detail: string, headers: Record<string, string> = {}): ProxyResponse {
  const title = code.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  const body = { type: `urn:bucketkit:problem:${code}`, title, status, code, detail };
  return { status, headers: { 'content-type': 'application/problem+json', ...headers }, body: Buffer.from(JSON.stringify(body)) };
}

/** The bearer token of a request, or undefined. */
export function bearerOf(request: ProxyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}
