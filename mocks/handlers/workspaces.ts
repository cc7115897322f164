// GET /workspaces and GET /workspaces/{workspaceId}/buckets: only what the
// key's bucketIds reach (G06), oldest first, with live counts.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import { listResponse } from './paging.ts';

export function listWorkspaces(ctx: HandlerContext<'listWorkspaces'>): MockResponse {
  const { store, key } = ctx;
  const data = store.workspaces.flatMap((workspace) => {
    const reachable = (store.bucketsOf.get(workspace.id) ?? []).filter((b) => ctx.reaches(b.bucket.id)).length;
    return key.bucketIds === null || reachable > 0 ? [{ ...workspace, bucketCount: reachable }] : [];
  });
  return listResponse(data, ctx.params);
}

export function listBuckets(ctx: HandlerContext<'listBuckets'>): MockResponse {
  const data = (ctx.store.bucketsOf.get(ctx.workspace.id) ?? [])
    .filter((b) => ctx.reaches(b.bucket.id))
    .map((b) => ({ ...b.bucket, fileCount: b.files.count, totalSize: b.files.totalSize }));
  return listResponse(data, ctx.params);
}
