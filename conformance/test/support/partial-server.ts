// A partly built server: it serves only the listed operations (or all but the
// listed ones) and answers 404 (with no body, or a plain-text one) on every
// other route, whatever the key.
import type { ProxyResponse, Rule } from './loopback-proxy.ts';
import { checkOperationIds, matchApiRoute, routeMatchOf } from './api-routes.ts';
import type { OperationId } from '../../../openapi/contract/operation-types.ts';

export interface PartialServerOptions {
  /** The 404's body: none (default) or `Not Found` in text/plain. */
  body?: 'none' | 'plain';
}

/** The 404 a partly built server answers. */
const notFoundOf = (options: PartialServerOptions): ProxyResponse =>
  options.body === 'plain'
    ? { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('Not Found') }
    : { status: 404, headers: {}, body: Buffer.alloc(0) };

/** Serves only `operationIds` (checked against the spec); any other route of the spec, with any method, is 404. */
export function servesOnly(operationIds: readonly OperationId[], options: PartialServerOptions = {}): Rule {
  checkOperationIds(operationIds);
  const served = new Set<string>(operationIds);
  const notFound = notFoundOf(options);
  return (request, forward) => {
    const found = routeMatchOf(request.method, request.url);
    if (found?.kind === 'matched' && !served.has(found.route.operationId)) return Promise.resolve(notFound);
    // A method the path does not list: 404 too when the server serves none of the path's operations.
    if (
      found?.kind === 'method-not-allowed' &&
      !found.allowed.some((m) => served.has(matchApiRoute(m, request.url)?.route.operationId ?? ''))
    )
      return Promise.resolve(notFound);
    return forward(request);
  };
}

/** Serves every operation but `operationIds` (checked against the spec), which are 404. */
export function servesAllBut(operationIds: readonly OperationId[], options: PartialServerOptions = {}): Rule {
  checkOperationIds(operationIds);
  const unbuilt = new Set<string>(operationIds);
  const notFound = notFoundOf(options);
  return (request, forward) =>
    unbuilt.has(matchApiRoute(request.method, request.url)?.route.operationId ?? '') ? Promise.resolve(notFound) : forward(request);
}
