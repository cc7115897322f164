// `Prefer: code=NNN` (as Prism understands it): answers the documented example
// of that status for the route, so a frontend can see every state on demand.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Route } from '../../openapi/contract/route-table.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { MockResponse } from './types.ts';
import { badRequest } from './problems.ts';

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

/** The example response for the preferred code, or a 400 listing the documented codes. */
export function exampleResponse(index: ExampleIndex, route: Route, code: string): MockResponse {
  const byStatus = index.get(route.operationId)!;
  const example = /^\d{3}$/.test(code) ? byStatus.get(Number(code)) : undefined;
  if (!example) {
    const codes = [...byStatus.keys()].sort((a, b) => a - b).join(', ');
    return badRequest(`Prefer: code=${code} is not a documented response of ${route.operationId}; documented codes: ${codes}.`, [
      { location: 'header', field: 'prefer', message: `must name one of ${codes}` },
    ]);
  }
  return { status: Number(code), headers: { ...example.headers }, body: example.body };
}
