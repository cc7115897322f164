// Planted faults whose answers look right while the write lands in the other
// bucket: nothing of that bucket shows in the answer, so only a read of the
// other bucket's state (the effects watch) can see them. A trash restore
// taking bucketId from its body and answering only the allowed bucket's
// view, a presigned upload URL whose bucket segment its token does not
// cover, and an automation created in the bucket its body names.
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import type { HandlerContext, OperationId } from '../core/handler-context.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { receiveUpload } from '../core/presigned-endpoints.ts';
import { acceptModelFields, bucketNamed, type Lifted } from './mass-assignment-faults.ts';
import { jsonOf, withJson, wrapHandler, type FaultDefinition } from './plant.ts';

/** The context of a request acting in the bucket its body named (its records, its trash, its files), if it named one. */
function actingInNamed<C extends HandlerContext>(ctx: C, lifted: Lifted): C | undefined {
  const named = ctx.body !== null && typeof ctx.body === 'object' ? lifted.get(ctx.body)?.bucketId : undefined;
  const bucket = bucketNamed(ctx, named);
  if (!bucket || bucket === ctx.bucket) return undefined;
  return {
    ...ctx,
    bucket,
    lookupFile: (id) => ctx.store.readyFileIn(bucket, id),
    reaches: (id) => id === bucket.bucket.id || ctx.reaches(id),
  };
}

/**
 * The operation takes bucketId from its body and acts in that bucket of the workspace; its answer is then reshaped by
 * `quiet`, so it shows nothing of the bucket the write landed in.
 */
function actsInBodyBucketQuietly(operationId: OperationId, quiet: (answer: MockResponse, ctx: HandlerContext) => MockResponse) {
  return (c: MockComponents): MockComponents => {
    const lifted: Lifted = new WeakMap();
    const taking = acceptModelFields(c, (route) => route.operationId === operationId, lifted, ['bucketId']);
    return wrapHandler(taking, operationId, (inner) => async (ctx) => {
      const elsewhere = actingInNamed(ctx, lifted);
      return elsewhere ? quiet(await inner(elsewhere), ctx) : inner(ctx);
    });
  };
}

/** PATCH .../trash acting in the body's bucket, answered as if nothing of the path's bucket's trash was named. */
const restoreBodyBucketQuiet = actsInBodyBucketQuietly('updateTrash', (answer) =>
  answer.status === 200 ? withJson(answer, { restored: [], purged: [] }) : answer,
);

/** POST .../automations creating the automation in the body's bucket, answered with the path's bucket in it. */
const automationBodyBucketQuiet = actsInBodyBucketQuietly('createAutomation', (answer, ctx) => {
  const body = jsonOf(answer) as Record<string, unknown> | undefined;
  return body && answer.status < 300 ? withJson(answer, { ...body, bucketId: ctx.bucket.bucket.id }) : answer;
});

/** `/__uploads/{bucketId}/{uploadId}`: the bucket segment this fault's upload URLs carry. */
const BUCKET_UPLOAD_PATH = /^\/__uploads\/([^/]{1,128})\/([A-Za-z0-9_-]{1,128})$/;

/**
 * Upload URLs carrying their bucket as a path segment the token does not cover: a PUT with another bucket of the
 * workspace in that segment files the upload there, and its answer names the bucket the upload was granted for.
 */
function presignedUploadBucketSwap(c: MockComponents, deps: ComponentDeps): MockComponents {
  const { env } = deps;
  const planted = wrapHandler(c, 'presignUpload', (inner) => async (ctx) => {
    const answer = await inner(ctx);
    const body = jsonOf(answer) as { url?: unknown; uploadId?: unknown } | undefined;
    if (answer.status >= 300 || typeof body?.url !== 'string' || typeof body.uploadId !== 'string') return answer;
    const url = body.url.replace(`/__uploads/${body.uploadId}`, `/__uploads/${encodeURIComponent(ctx.bucket.bucket.id)}/${body.uploadId}`);
    return withJson(answer, { ...body, url });
  });
  const receiveInSegment = async (request: MockRequest): Promise<MockResponse | undefined> => {
    const matched = BUCKET_UPLOAD_PATH.exec(request.path);
    const upload = matched ? env.store.uploads.get(matched[2]) : undefined;
    if (!matched || !upload) return undefined;
    const granted = upload.bucketId;
    const from = env.store.buckets.get(granted);
    const to = env.store.buckets.get(decodeURIComponent(matched[1]));
    const token = new URLSearchParams(request.query).get('token');
    // The token is checked against the upload alone; the segment decides where the file goes.
    if (to && from && to !== from && token === upload.token && !upload.received && to.bucket.workspaceId === from.bucket.workspaceId) {
      from.reserved.delete(upload.path);
      upload.bucketId = to.bucket.id;
      to.reserved.set(upload.path, upload.uploadId);
    }
    const answer = await receiveUpload(env, request, upload.uploadId, c.endpoints.finishUpload);
    const file = jsonOf(answer) as Record<string, unknown> | undefined;
    return file && typeof file.bucketId === 'string' ? withJson(answer, { ...file, bucketId: granted }) : answer;
  };
  return {
    ...planted,
    endpoints: {
      ...planted.endpoints,
      unknownPath: async (request) => (await receiveInSegment(request)) ?? planted.endpoints.unknownPath(request),
    },
  };
}

export const QUIET_WRITE_FAULTS = [
  {
    name: 'restore-body-bucket-quiet',
    description:
      'PATCH .../trash takes bucketId from its body and restores or purges in that bucket\'s trash, whatever the key\'s bucketIds, answering {"restored":[],"purged":[]}: nothing of the other bucket shows.',
    plant: restoreBodyBucketQuiet,
  },
  {
    name: 'presigned-upload-bucket-swap',
    description:
      "Presigned upload URLs carry their bucket as a path segment (/__uploads/{bucketId}/{uploadId}) their token does not cover: a PUT with another bucket's id there files the upload in that bucket, and answers with the granted bucket's id.",
    plant: presignedUploadBucketSwap,
  },
  {
    name: 'automation-body-bucket-quiet',
    description:
      "POST .../automations takes bucketId from its body and creates the automation in that bucket, whatever the key's bucketIds, answering with the path's bucket as its bucketId.",
    plant: automationBodyBucketQuiet,
  },
] as const satisfies readonly FaultDefinition[];
