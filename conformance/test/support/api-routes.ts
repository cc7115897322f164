// Tells which operation of the spec a request is, with the route matcher built
// once from the route table, so the variants name operations by operationId
// instead of typing paths a second time.
import { loadRouteTable } from '../../../openapi/contract/load-spec.ts';
import { createRouteMatcher, type RouteMatch, type RouteMatcher } from '../../../openapi/contract/route-matcher.ts';
import type { Route } from '../../../openapi/contract/route-table.ts';
import type { OperationId } from '../../../openapi/contract/operation-types.ts';

/** The API base path of the mock and of the documented shape. */
export const API_BASE = '/api/v1';

let matcher: RouteMatcher | undefined;

export interface MatchedRoute {
  route: Route & { operationId: OperationId };
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
}

/** What the route matcher says of a method and URL (path and query, as received) under `base`; undefined outside it. */
export function routeMatchOf(method: string, url: string, base = API_BASE): RouteMatch | undefined {
  const path = url.split('?')[0];
  if (!path.startsWith(`${base}/`)) return undefined;
  matcher ??= createRouteMatcher(loadRouteTable());
  return matcher.match(method, path.slice(base.length));
}

/** The operation a method and URL address under `base`, or undefined for any other path or method. */
export function matchApiRoute(method: string, url: string, base = API_BASE): MatchedRoute | undefined {
  const found = routeMatchOf(method, url, base);
  return found?.kind === 'matched' ? { route: found.route as MatchedRoute['route'], params: found.params } : undefined;
}

/** A predicate for `when` and the hostile front: requests addressing one of these operations. */
export function isOperation(...ids: OperationId[]): (request: { method: string; url: string }) => boolean {
  checkOperationIds(ids);
  const wanted = new Set<string>(ids);
  return (request) => wanted.has(matchApiRoute(request.method, request.url)?.route.operationId ?? '');
}

/** Throws naming the unknown ones when a list holds a string that is no operationId of the spec. */
export function checkOperationIds(ids: readonly string[]): asserts ids is readonly OperationId[] {
  const known = new Set(loadRouteTable().map((r) => r.operationId));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`Unknown operationId ${unknown.join(', ')}; the spec has ${[...known].join(', ')}.`);
}

/** The default of a query parameter of an operation, read from the spec. */
export function queryDefault(operationId: OperationId, name: string): unknown {
  const route = loadRouteTable().find((r) => r.operationId === operationId);
  return route?.queryParams.find((p) => p.name === name)?.schema.default;
}
