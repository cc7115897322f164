// `bucketkit/contract`: the bundled OpenAPI document, its generated types (`paths`, `components`,
// `operations`) and the route table built from it. Browser-safe: the document is a JSON import.
import bundled from '../openapi/dist/openapi.json' with { type: 'json' };
import { buildRouteTable, type Route } from '../openapi/contract/route-table.ts';
import type { ApiDocument } from '../openapi/contract/spec-refs.ts';

export type { paths, components, operations } from '../openapi/dist/api-types.ts';
export { buildRouteTable, listScopes, type Route, type RouteParam, type HttpMethod } from '../openapi/contract/route-table.ts';
export { specBasePath } from '../openapi/contract/api-base.ts';
export type { ApiDocument } from '../openapi/contract/spec-refs.ts';

/** The bundled OpenAPI 3.1 document (the same as `bucketkit/openapi.json`). */
export const spec: ApiDocument = bundled as unknown as ApiDocument;

let table: Route[] | undefined;

/** One entry per operation: method, path template, operationId, scope, bucket scoping, parameters and schemas. */
export function routeTable(): Route[] {
  table ??= buildRouteTable(spec);
  return table;
}
