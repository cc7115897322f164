// Planted faults of edge values and of HEAD: a listing asked for its largest
// page, and a HEAD request, each take a code path that forgets the key's
// bucketIds while the usual request keeps them.
import type { HandlerContext, OperationHandler, OperationId } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import { jsonOf, patchSteps, withJson, wrapEveryHandler, type FaultDefinition } from './plant.ts';
import { maxLimit } from './query-faults.ts';
import { unrestricted } from './bucket-faults.ts';
import { workspaceBuckets } from './span-faults.ts';

/** One page made of the listing of every bucket of the route's workspace, in bucket order. */
async function everyBucket(inner: OperationHandler<OperationId>, ctx: HandlerContext): Promise<MockResponse> {
  const answers = await Promise.all(
    workspaceBuckets(ctx).map((bucket) => inner({ ...ctx, bucket, lookupFile: (id) => ctx.store.readyFileIn(bucket, id) })),
  );
  if (answers.some((a) => a.status !== 200)) return inner(ctx);
  const data = answers.flatMap((a) => (jsonOf(a) as { data: unknown[] }).data);
  const body = jsonOf(answers[0]) as object;
  return withJson(answers[0], { ...body, data: data.slice(0, ctx.params.limit as number), nextCursor: null });
}

export const EDGE_VALUE_FAULTS = [
  {
    name: 'limit-max-spans-buckets',
    description:
      "A bucket's listing (.../files, .../trash, .../automations, .../suggestions, .../shares, .../transfers) asked for limit at its maximum (1000) lists the items of every bucket of the workspace, whatever the key's bucketIds.",
    plant: (c) => {
      // The query values of the requests asking for the largest page: the handler gets that same object as params.
      const largest = new WeakSet<object>();
      const marked = patchSteps(c, (s) => ({
        checkQuery(route, params, query) {
          const checked = s.checkQuery(route, params, query);
          const max = maxLimit(route);
          if (!('refusal' in checked) && route.bucketScoped && max !== undefined && Number(query.get('limit')) === max)
            largest.add(checked.values);
          return checked;
        },
      }));
      return wrapEveryHandler(marked, (inner) => (ctx) => (largest.has(ctx.params) ? everyBucket(inner, ctx) : inner(ctx)));
    },
  },
  {
    name: 'head-ignores-bucket-limits',
    description:
      "HEAD of a bucket's GET route is answered for any bucket of the workspace (200 with the GET's headers), whatever the key's bucketIds.",
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          return request.method === 'HEAD' && !('refusal' in result) ? unrestricted(result) : result;
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
