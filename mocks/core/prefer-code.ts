// `Prefer: code=NNN` (as Prism understands it): answers the documented example
// of that status for the route, so a frontend can see every state on demand;
// any other status from 100 to 599 gets a generic answer.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Route } from '../../openapi/contract/route-table.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { MockResponse } from './types.ts';
import { badRequest } from './problems.ts';
import { MAX_STATUS, MIN_STATUS, undocumentedAnswer } from './simulated-answer.ts';

interface Example {
  contentType: string;
  body: string;
  headers: Record<string, string>;
}

export type ExampleIndex = Map<string, Map<number, Example>>;

/** Collects every documented example of every route, once, at start-up. */
export function buildExampleIndex(doc: ApiDocument, routes: readonly Route[]): ExampleIndex {
  const index: ExampleIndex = new Map();
  for (const route of routes) {
    const op = (doc.paths?.[route.pathTemplate] as Record<string, OpenAPIV3_1.OperationObject>)[route.method.toLowerCase()];
    const byStatus = new Map<number, Example>();
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      const response = resolveRef<OpenAPIV3_1.ResponseObject>(doc, raw);
      const [contentType, media] = Object.entries(response.content ?? {})[0] ?? ['application/json', {}];
      const headers: Record<string, string> = { 'Content-Type': contentType };
      for (const [name, rawHeader] of Object.entries(response.headers ?? {})) {
        const header = resolveRef<OpenAPIV3_1.HeaderObject>(doc, rawHeader);
        if (header.example !== undefined) headers[name] = String(header.example);
      }
      byStatus.set(Number(status), { contentType, body: JSON.stringify(media.example ?? null), headers });
    }
    index.set(route.operationId, byStatus);
  }
  return index;
}

/** The `code` asked for in a Prefer header, if any. */
export function preferredCode(prefer: string | undefined): string | undefined {
  if (!prefer) return undefined;
  return /(?:^|[,;\s])code=("?)([^",;\s]*)\1/i.exec(prefer)?.[2];
}

/** Whether the operation documents this status. */
export function documents(index: ExampleIndex, route: Route, status: number): boolean {
  return index.get(route.operationId)?.has(status) ?? false;
}

/** The documented example of a status, or the generic answer for a status the operation does not document. */
export function answerWithStatus(index: ExampleIndex, route: Route, status: number, why: string): MockResponse {
  const example = index.get(route.operationId)?.get(status);
  if (!example) return undocumentedAnswer(status, why);
  return { status, headers: { ...example.headers }, body: example.body };
}

/** The answer for the preferred code: its example, a generic answer for an undocumented status, or a 400 for no status at all. */
export function exampleResponse(index: ExampleIndex, route: Route, code: string): MockResponse {
  const status = /^\d{3}$/.test(code) ? Number(code) : NaN;
  if (!(status >= MIN_STATUS && status <= MAX_STATUS)) {
    const codes = [...index.get(route.operationId)!.keys()].sort((a, b) => a - b).join(', ');
    return badRequest(`Prefer: code=${code} is not an HTTP status; give one from 100 to 599 (${route.operationId} documents ${codes}).`, [
      { location: 'header', field: 'prefer', message: 'must name a status from 100 to 599' },
    ]);
  }
  return answerWithStatus(
    index,
    route,
    status,
    `Prefer: code=${status} asked for this answer; ${route.operationId} does not document a ${status}, so its body is generic.`,
  );
}
