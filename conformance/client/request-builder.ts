// Turns an operation (by the spec's operationId) and a target (bucket, file)
// into a request, with request bodies typed from the spec.
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { OperationId, RequestBody } from '../../openapi/contract/operation-types.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { ApiRequest, Auth } from '../http/api-client.ts';

export type { OperationId } from '../../openapi/contract/operation-types.ts';

/** The JSON request body of an operation, as the spec types it (never for operations without one). */
export type JsonBody<K extends OperationId> = NonNullable<RequestBody<K>>;

/** The route of an operation; operationIds bind the suite's behaviour to routes. */
export function routeById(operationId: OperationId): Route {
  const route = loadRouteTable().find((r) => r.operationId === operationId);
  if (!route) throw new Error(`The spec has no operation ${operationId}`);
  return route;
}

/** The operationId of a route, typed (the route table reads it from the same spec the types come from). */
export function operationOf(route: Route): OperationId {
  return route.operationId as OperationId;
}

export type BucketRole = 'allowed' | 'other';

/** What a check sends to an operation: the file in its path, a query and a body typed for that operation. */
export interface OperationCall<K extends OperationId = OperationId> {
  fileId?: string;
  query?: Record<string, string>;
  json?: JsonBody<K>;
  /** The test file the call acts on, when the book's valid call made one (for read-backs); never sent. */
  subject?: { id: string; path: string };
}

/** The path of a route for a bucket (or a literal bucket id) and file. */
export function routePath(route: Route, settings: RunSettings, bucket: BucketRole | { id: string }, fileId?: string): string {
  const bucketId = typeof bucket === 'string' ? settings.buckets[bucket] : bucket.id;
  return fillPath(route.pathTemplate, { workspaceId: settings.workspaceId, bucketId, fileId: fileId ?? 'file_bucketkit_none' });
}

/** The full request of a call on a route. */
export function callRequest(
  route: Route,
  settings: RunSettings,
  bucket: BucketRole | { id: string },
  call: OperationCall,
  auth: Auth,
): ApiRequest {
  return { method: route.method, path: routePath(route, settings, bucket, call.fileId), query: call.query, json: call.json, auth };
}
