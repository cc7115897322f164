// A half-built server: only some operations are routed; every other route of
// the contract answers as a framework answers a route nobody registered (404
// "Cannot PATCH /...", or 405, or 501 Not Implemented), whatever the key.
import type { OperationId } from '../../../../../openapi/contract/operation-types.ts';
import type { Router } from '../router.ts';
import type { Answer, Stage } from '../types.ts';

export const UNSERVED_STATUSES = [404, 405, 501] as const;
export type UnservedStatus = (typeof UNSERVED_STATUSES)[number];

export interface PartialOptions {
  operationIds: readonly OperationId[];
  otherStatus?: UnservedStatus;
}

function unserved(status: UnservedStatus, method: string, path: string): Answer {
  if (status === 501) return { status, raw: 'Not Implemented', headers: { 'Content-Type': 'text/plain' } };
  if (status === 405) return { status, json: { message: 'Method Not Allowed' } };
  const page = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot ${method} ${path}</pre></body></html>\n`;
  return { status, raw: page, headers: { 'Content-Type': 'text/html; charset=utf-8' } };
}

/** A stage answering every operation outside `operationIds` as unserved. */
export function servesOnly(router: Router, options: PartialOptions): Stage {
  const served = new Set<string>(options.operationIds);
  return async (request, next) => {
    const routed = router.match(request.method, request.path);
    if (routed.kind === 'route' && !served.has(routed.route.operationId))
      return unserved(options.otherStatus ?? 404, request.method, request.path.replace(/[<>&]/g, ''));
    return next(request);
  };
}
