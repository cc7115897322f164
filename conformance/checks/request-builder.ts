// Turns a route and a target (bucket, file) into a request path, and finds
// files by path for read-backs.
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { ApiRequest, Auth } from '../http/api-client.ts';
import type { CheckRun } from '../plan/check-types.ts';

/** The route of an operation; operationIds bind the suite's behaviour to routes. */
export function routeById(operationId: string): Route {
  const route = loadRouteTable().find((r) => r.operationId === operationId);
  if (!route) throw new Error(`The spec has no operation ${operationId}`);
  return route;
}

export type BucketRole = 'allowed' | 'other';

export interface OperationCall {
  fileId?: string;
  query?: Record<string, string>;
  json?: unknown;
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

interface ListedFile {
  id: string;
  path: string;
  tags: string[];
  status?: string;
  bucketId?: string;
  size?: number;
}

/** Lists files of a bucket under a prefix (all pages), with a harness key. */
export async function listFilesUnder(
  ctx: CheckRun,
  bucket: BucketRole,
  prefix: string,
  extra: Record<string, string> = {},
): Promise<ListedFile[]> {
  const route = routeById('listFiles');
  const key = ctx.harnessKey([route.scope], bucket);
  const path = routePath(route, ctx.settings, bucket);
  const files: ListedFile[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const query: Record<string, string> = { prefix, limit: '1000', ...extra };
    if (cursor) query.cursor = cursor;
    const ex = await ctx.api.send({ method: 'GET', path, query, auth: { key } });
    if (ex.status !== 200) throw new Error(`read-back: listing files under ${prefix} answered ${ex.status}`);
    const body = ex.json as { data: ListedFile[]; nextCursor: string | null };
    files.push(...body.data);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return files;
}

/** The file listed at exactly this path, if any. */
export async function fileAt(ctx: CheckRun, bucket: BucketRole, path: string): Promise<ListedFile | undefined> {
  return (await listFilesUnder(ctx, bucket, path)).find((f) => f.path === path);
}
