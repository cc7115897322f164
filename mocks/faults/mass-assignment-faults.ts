// Planted mass-assignment faults: writing requests take properties from the
// body that the operation does not offer (the bucket a record lives in, a
// file's path and size) and apply them, past the key's bucketIds. The parts
// they share (lifting such fields out of a body, applying them to a file) are
// exported for the other faults of body fields.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { MockComponents } from '../core/components.ts';
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { BucketState } from '../store/world-store.ts';
import { jsonResponse } from '../core/problems.ts';
import { forgetFileJson, fileJson } from '../store/file-json.ts';
import { jsonOf, patchSteps, wrapHandler, type FaultDefinition } from './plant.ts';
import { FAULT_TARGETS } from './fault-targets.ts';

/** The fields of the API's records (files, automations, suggestions): a server that binds a body to its model accepts them. */
export const MODEL_FIELDS = ['id', 'bucketId', 'workspaceId', 'path', 'name', 'size', 'contentType', 'status', 'createdAt', 'updatedAt'];

/** What a body carried of the model fields, by the body value the handler gets. */
export type Lifted = WeakMap<object, Record<string, unknown>>;

/**
 * The body step of the routes `takes` picks taking some of the records' own fields (`fields`): the schema refuses
 * them as unknown, so they are lifted out, the rest is read as usual, and `lifted` remembers them for the handler.
 * Any other unknown field is still refused.
 */
export function acceptModelFields(
  c: MockComponents,
  takes: (route: Route) => boolean,
  lifted: Lifted,
  fields: readonly string[] = MODEL_FIELDS,
): MockComponents {
  return patchSteps(c, (s) => ({
    readBody(route, request) {
      const read = s.readBody(route, request);
      if (!takes(route) || !('refusal' in read) || read.problem !== 'schema' || !request.body) return read;
      const errors = (jsonOf(read.refusal) as { errors: { field: string; message: string }[] }).errors;
      const names = errors
        .filter((e) => e.message === 'is not a known field')
        .map((e) => e.field.slice(1))
        .filter((name) => fields.includes(name));
      if (names.length === 0) return read;
      const body = JSON.parse(new TextDecoder().decode(request.body)) as Record<string, unknown>;
      const rest = Object.fromEntries(Object.entries(body).filter(([name]) => !names.includes(name)));
      const again = s.readBody(route, { ...request, body: new TextEncoder().encode(JSON.stringify(rest)) });
      if (!('refusal' in again) && again.value && typeof again.value === 'object')
        lifted.set(again.value, Object.fromEntries(names.map((name) => [name, body[name]])));
      return again;
    },
  }));
}

/** The bucket a body names, when it is one of the workspace's. */
export function bucketNamed(ctx: HandlerContext, bucketId: unknown): BucketState | undefined {
  const bucket = typeof bucketId === 'string' ? ctx.store.buckets.get(bucketId) : undefined;
  // A route outside any workspace (an upload's completion) has no workspace in its context: no bucket is named there.
  const workspace = ctx.workspace as HandlerContext['workspace'] | undefined;
  return workspace && bucket?.bucket.workspaceId === workspace.id ? bucket : undefined;
}

/**
 * After a successful PATCH of a file, applies the file's own fields the body carried: `bucketId` moves it into that
 * bucket of the workspace (whatever the key's bucketIds), `path` renames it, `size` is taken as given.
 */
export function applyFileFields(ctx: HandlerContext<'updateFile'>, fields: Record<string, unknown>, answer: MockResponse): MockResponse {
  const { bucketId, path, size } = fields;
  const file = ctx.lookupFile(ctx.params.fileId as string);
  if (answer.status !== 200 || !file) return answer;
  const target = bucketNamed(ctx, bucketId) ?? ctx.bucket;
  const newPath = typeof path === 'string' ? path : file.path;
  if (target.files.at(newPath) && target.files.at(newPath) !== file) return answer;
  ctx.bucket.files.remove(file);
  file.path = newPath;
  file.name = newPath.slice(newPath.lastIndexOf('/') + 1);
  if (typeof size === 'number') file.size = size;
  file.bucketId = target.bucket.id;
  forgetFileJson(file);
  target.files.add(file);
  return jsonResponse(200, fileJson(file));
}

export const MASS_ASSIGNMENT_FAULTS = [
  {
    name: 'patch-mass-assignment',
    description:
      "PATCH .../files/{fileId} accepts a file's own fields in the body and applies bucketId, path and size, moving the file into that bucket even for a key whose bucketIds leave it out.",
    plant: (c) => {
      const lifted: Lifted = new WeakMap();
      return wrapHandler(
        acceptModelFields(c, (route) => route.operationId === 'updateFile', lifted),
        'updateFile',
        (inner) => async (ctx) => applyFileFields(ctx, lifted.get(ctx.body) ?? {}, await inner(ctx)),
      );
    },
  },
  {
    name: 'writes-take-body-bucket-id',
    description:
      "Presign-upload, move, intelligence update, automation and suggestion creation accept a record's own fields in the body and act in the bucket its bucketId names, past the key's bucketIds.",
    plant: (c) => {
      const lifted: Lifted = new WeakMap();
      const takers: readonly string[] = FAULT_TARGETS['writes-take-body-bucket-id'];
      return FAULT_TARGETS['writes-take-body-bucket-id'].reduce<MockComponents>(
        (components, operationId) =>
          wrapHandler(components, operationId, (inner) => (ctx) => {
            const bucket = bucketNamed(ctx, ctx.body && lifted.get(ctx.body)?.bucketId);
            if (!bucket) return inner(ctx);
            // Files are still looked up in the route's bucket: only where the result lands moves.
            return inner({ ...ctx, bucket, reaches: (id) => id === bucket.bucket.id || ctx.reaches(id) });
          }),
        acceptModelFields(c, (route) => takers.includes(route.operationId), lifted),
      );
    },
  },
] as const satisfies readonly FaultDefinition[];
