// Planted faults of the resource hierarchy and of the listings beside the
// file listing: a bucket served under any workspace id, and the automation,
// suggestion, share and transfer listings of a bucket showing the items of
// every bucket of the workspace.
import type { HandlerContext, OperationId } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import { jsonOf, patchSteps, withJson, wrapHandler, type FaultDefinition } from './plant.ts';
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import { faultRoutes } from './fault-routes.ts';

/** The handler answering with the items of every bucket of the route's workspace, one page. */
function spanning<K extends OperationId>(inner: (ctx: HandlerContext<K>) => MockResponse | Promise<MockResponse>) {
  return async (ctx: HandlerContext<K>): Promise<MockResponse> => {
    const buckets = ctx.store.bucketsOf.get(ctx.workspace.id) ?? [];
    const answers = await Promise.all(buckets.map((bucket) => inner({ ...ctx, bucket })));
    if (answers.some((a) => a.status !== 200)) return inner(ctx);
    const data = answers.flatMap((a) => (jsonOf(a) as { data: unknown[] }).data);
    return withJson(answers[0], { ...(jsonOf(answers[0]) as object), data, nextCursor: null });
  };
}

export const HIERARCHY_FAULTS = [
  {
    name: 'workspace-ignored',
    description: 'Every bucket route serves the bucket named in the path under any workspace id, not only its own workspace.',
    plant: (c: MockComponents, deps: ComponentDeps) =>
      patchSteps(c, (s) => ({
        findBucket: (route, caller, params) => {
          const bucket = route.bucketScoped ? deps.env.store.buckets.get(params.bucketId) : undefined;
          return s.findBucket(route, caller, bucket ? { ...params, workspaceId: bucket.bucket.workspaceId } : params);
        },
      })),
  },
  {
    name: 'item-listings-span-buckets',
    description:
      "GET .../automations, .../suggestions, .../shares and .../transfers list the items of every bucket of the workspace, whatever the key's bucketIds.",
    plant: (c: MockComponents, deps: ComponentDeps) =>
      faultRoutes(deps).recordListings.reduce((acc, id) => wrapHandler(acc, id, (inner) => spanning(inner)), c),
  },
] as const satisfies readonly FaultDefinition[];
