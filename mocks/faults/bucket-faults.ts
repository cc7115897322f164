// Planted faults of the bucketIds restriction: each lets a key reach a bucket
// it must not, in one place (the route's bucket, a handler's reach, a file
// lookup), or tells a barred bucket apart from an absent one.
import type { Caller } from '../core/access-rules.ts';
import type { HandlerContext, OperationId } from '../core/handler-context.ts';
import type { MockComponents } from '../core/components.ts';
import { patchSteps, wrapHandler, type FaultDefinition } from './plant.ts';
import { faultRoutes } from './fault-routes.ts';
import { forbiddenAnswer } from './fault-answers.ts';
import { targets } from './fault-targets.ts';

/** The same caller with no bucketIds restriction. */
export const unrestricted = (caller: Caller): Caller => ({ ...caller, key: { ...caller.key, bucketIds: null } });

/** Lets the route's own bucket through for one operation. */
const routeBucketIgnored = (fault: 'bucket-limit-ignored-list-files' | 'bucket-limit-ignored-presign-download') => (c: MockComponents) =>
  patchSteps(c, (s) => ({
    findBucket: (route, caller, params) => s.findBucket(route, targets(fault, route) ? unrestricted(caller) : caller, params),
  }));

/** Lets one handler reach every bucket. */
const reachIgnored = (operationId: 'moveFiles' | 'listBuckets') => (c: MockComponents) =>
  wrapHandler(c, operationId, (inner) => (ctx) => inner({ ...ctx, reaches: () => true }));

/** A file lookup that finds ready files of any bucket. */
const anyBucket = <K extends OperationId>(ctx: HandlerContext<K>): HandlerContext<K> => ({
  ...ctx,
  lookupFile: (fileId) => {
    const file = ctx.store.filesById.get(fileId);
    return file?.status === 'ready' ? file : undefined;
  },
});

export const BUCKET_FAULTS = [
  {
    name: 'bucket-limit-ignored-list-files',
    description: "GET .../files lists a bucket outside the key's bucketIds.",
    plant: routeBucketIgnored('bucket-limit-ignored-list-files'),
  },
  {
    name: 'bucket-limit-ignored-presign-download',
    description: "POST .../files/presign-download serves a bucket outside the key's bucketIds.",
    plant: routeBucketIgnored('bucket-limit-ignored-presign-download'),
  },
  {
    name: 'bucket-limit-ignored-move-destination',
    description: "POST .../files/move accepts a destination bucket outside the key's bucketIds.",
    plant: reachIgnored('moveFiles'),
  },
  {
    name: 'bucket-limit-ignored-list-buckets',
    description: "GET /workspaces/{id}/buckets lists buckets outside the key's bucketIds.",
    plant: reachIgnored('listBuckets'),
  },
  {
    name: 'cross-bucket-file-access',
    description: "A file of another bucket is reachable through an allowed bucket's path (fileId routes and fileIds bodies).",
    plant: (c, deps) =>
      faultRoutes(deps).fileTakers.reduce<MockComponents>((acc, id) => wrapHandler(acc, id, (inner) => (ctx) => inner(anyBucket(ctx))), c),
  },
  {
    name: 'bucket-limits-ignored',
    description: "No route honours the key's bucketIds.",
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          return 'refusal' in result ? result : unrestricted(result);
        },
      })),
  },
  {
    name: 'foreign-bucket-403',
    description: "A bucket outside the key's bucketIds is refused 403 forbidden, so it differs from an absent bucket (404).",
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        findBucket(route, caller, params) {
          const place = s.findBucket(route, caller, params);
          const bucket = deps.env.store.buckets.get(params.bucketId);
          const barred = 'refusal' in place && route.bucketScoped && bucket?.bucket.workspaceId === params.workspaceId;
          return barred ? { refusal: forbiddenAnswer('This key may not reach this bucket.') } : place;
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
