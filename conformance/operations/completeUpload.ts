// The book of completeUpload: finalising an upload, which the seed forbids to
// agent clients (every API-key client is refused before anything else, G03).
// Its valid call names a real upload whose bytes arrived, so a server that let
// agents finalise uploads would serve it; it needs no shared test files, so it
// also runs on a server where uploads wait for upload-complete.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import {} from '../client/request-builder.ts';
import { presignRefused } from '../client/setup-error.ts';
import { presign, uploadBytes } from '../client/upload.ts';
import type { OperationBook } from './operation-book.ts';
import { scopeOf } from './book-parts.ts';
import { namedIn } from './request-fields.ts';

export const completeUploadBook: OperationBook<'completeUpload'> = {
  operationId: 'completeUpload',
  files: 'none',
  harnessScopes: [scopeOf('presignUpload')],
  repeat: 'same-state',
  names: namedIn('completeUpload'),
  valid: async (ctx, bucket) => {
    const path = `${ctx.settings.runPrefix}complete/${ctx.unique()}.txt`;
    const key = ctx.harnessKey([scopeOf('presignUpload')], bucket);
    const up = await uploadBytes(ctx.api, ctx.settings, key, bucket, path, 'bucketkit upload-complete probe\n');
    await ctx.files.adopt(bucket, up.fileId, path);
    return { json: { uploadId: (up.presign.json as { uploadId?: string } | undefined)?.uploadId ?? `upl_${ctx.unique()}` } };
  },
  // An upload still waiting for its bytes exists on any server, whether it forgets finished uploads or not.
  served: async (ctx, bucket) => {
    const path = `${ctx.settings.runPrefix}pending/${ctx.unique()}.txt`;
    const { ex, body } = await presign(ctx.api, ctx.settings, ctx.harnessKey([scopeOf('presignUpload')], bucket), bucket, path, 1);
    if (!isSuccess(ex.status) || !body.uploadId) throw presignRefused(path, ex.status);
    await ctx.files.adopt(bucket, body.fileId === undefined ? '' : String(body.fileId), path);
    return { json: { uploadId: body.uploadId } };
  },
  // The seed forbids agent clients to call it: never a proof.
  proof: undefined,
  foreign: [],
  mass: undefined,
};
