// Planted mass-assignment faults beside those of mass-assignment-faults.ts: a
// record's bucketId taken from the body of every writing route, the same on
// PATCH .../trash alone, and a field refused beside others but applied alone.
import type { MockComponents } from '../core/components.ts';
import type { HandlerContext } from '../core/handler-context.ts';
import { acceptModelFields, applyFileFields, bucketNamed, MODEL_FIELDS, type Lifted } from './mass-assignment-faults.ts';
import { patchSteps, wrapEveryHandler, wrapHandler, type FaultDefinition } from './plant.ts';

/** The context of a request acting in another bucket: its files, its reach. */
export const actingIn = <C extends HandlerContext>(ctx: C, bucketId: unknown): C => {
  const bucket = bucketNamed(ctx, bucketId);
  return bucket
    ? { ...ctx, bucket, lookupFile: (id) => ctx.store.readyFileIn(bucket, id), reaches: (id) => id === bucket.bucket.id || ctx.reaches(id) }
    : ctx;
};

/** The body's lifted bucketId, when the body is an object the body step lifted it from. */
const liftedBucket = (lifted: Lifted, body: unknown): unknown =>
  body !== null && typeof body === 'object' ? lifted.get(body)?.bucketId : undefined;

/**
 * PATCH .../files/{fileId} whose body is one record field alone: a validator that checks the fields it knows
 * finds none to check, so nothing refuses it, and the field is applied.
 */
function singleFieldsApplied(c: MockComponents): MockComponents {
  const lifted: Lifted = new WeakMap();
  const planted = patchSteps(c, (s) => ({
    readBody(route, request) {
      const read = s.readBody(route, request);
      if (route.operationId !== 'updateFile' || !('refusal' in read) || read.problem !== 'schema' || !request.body) return read;
      const body = JSON.parse(new TextDecoder().decode(request.body)) as unknown;
      const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [];
      if (fields.length !== 1 || !MODEL_FIELDS.includes(fields[0][0])) return read;
      const value = {};
      lifted.set(value, Object.fromEntries(fields));
      return { value };
    },
  }));
  return wrapHandler(planted, 'updateFile', (inner) => async (ctx) => applyFileFields(ctx, lifted.get(ctx.body) ?? {}, await inner(ctx)));
}

export const BODY_FIELD_FAULTS = [
  {
    name: 'mass-assignment-partial',
    description:
      'PATCH .../files/{fileId} refuses a file\'s own fields (bucketId, path, size) beside tags or description, but a body of one such field alone is applied: {"bucketId": ...} moves the file into that bucket, whatever the key\'s bucketIds.',
    plant: singleFieldsApplied,
  },
  {
    name: 'body-bucket-id-every-write',
    description:
      "Every writing route takes bucketId from its body and acts in that bucket of the workspace (its files, its trash, its records) once the path's bucket was checked, past the key's bucketIds.",
    plant: (c) => {
      const lifted: Lifted = new WeakMap();
      return wrapEveryHandler(
        acceptModelFields(c, (route) => route.mutates, lifted, ['bucketId']),
        (inner) => (ctx) => inner(actingIn(ctx, liftedBucket(lifted, ctx.body))),
      );
    },
  },
  {
    name: 'restore-body-bucket',
    description:
      "PATCH .../trash takes bucketId from its body and restores or purges in that bucket's trash, whatever the key's bucketIds.",
    plant: (c) => {
      const lifted: Lifted = new WeakMap();
      return wrapHandler(
        acceptModelFields(c, (route) => route.operationId === 'updateTrash', lifted, ['bucketId']),
        'updateTrash',
        (inner) => (ctx) => inner(actingIn(ctx, liftedBucket(lifted, ctx.body))),
      );
    },
  },
] as const satisfies readonly FaultDefinition[];
