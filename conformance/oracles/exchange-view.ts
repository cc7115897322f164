// Reads a logged exchange the way the rules judge it: which operations of the
// route table it reached (from its path, or what it meant to reach when it is a
// variant spelling), the path's identifiers, and whether it was served.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRouteMatcher, type RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { LoggedExchange } from './logged-exchange.ts';

export interface ExchangeView {
  entry: LoggedExchange;
  /** The operations the exchange is judged as: the route its path matches, or its intent (and what it may be taken for). */
  operations: string[];
  /** Path identifiers, decoded: workspaceId, bucketId, fileId where the route has them. */
  params: Record<string, string>;
  /**
   * A 2xx answer, or a 304: a precondition is evaluated only where the request would otherwise be served a 2xx
   * (RFC 9110 §13.2.1), so a 304 serves the request (it confirms the resource and its version) as a 2xx would.
   */
  served: boolean;
}

let matcher: RouteMatcher | undefined;

/** The path of a URL under the base URL's path, or undefined for another origin or path (a presigned URL). */
function pathUnderBase(url: string, baseUrl: string): string | undefined {
  const target = new URL(url);
  const base = new URL(baseUrl);
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return undefined;
  return target.pathname.slice(base.pathname.replace(/\/+$/, '').length) || '/';
}

/** The path a lenient server would route a variant spelling to: no doubled or trailing slash, unreserved characters decoded. */
function normalised(path: string): string {
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
  });
  return decoded.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

/** The view of an exchange, or undefined when it is no request to the API (a presigned URL, another origin). */
export function viewOf(entry: LoggedExchange, baseUrl: string): ExchangeView | undefined {
  const path = pathUnderBase(entry.url, baseUrl);
  if (path === undefined) return undefined;
  matcher ??= createRouteMatcher(loadRouteTable());
  const method = entry.intent
    ? (loadRouteTable().find((r) => r.operationId === entry.intent!.operationId)?.method ?? entry.sent.method)
    : entry.sent.method;
  const match = matcher.match(method === 'HEAD' ? 'GET' : method, entry.intent ? normalised(path) : path);
  const params: Record<string, string> = {};
  if (match.kind === 'matched') {
    for (const [name, value] of Object.entries(match.params)) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    }
  }
  const operations = entry.intent
    ? [entry.intent.operationId, ...(entry.intent.alsoAs ? [entry.intent.alsoAs] : [])]
    : match.kind === 'matched'
      ? [match.route.operationId]
      : [];
  return { entry, operations, params, served: isSuccess(entry.status) || entry.status === 304 };
}
