// The book of presignUpload: step 1 of the seed's upload flow, a presigned URL
// for a path under the run's prefix. Its valid call leaves a pending upload no
// bytes are sent to; its scope proof finishes the upload so the cleanup
// removes the file; the mass-assignment case presigns with ids, bucket and
// status in the body, then sends the bytes, and the file must not land in
// another bucket.
import type { BucketRole, OperationCall } from '../client/request-builder.ts';
import { idText, presignedUrl, putBytes, type PresignAnswer } from '../client/upload.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { OperationBook } from './operation-book.ts';
import { scopeOf } from './book-parts.ts';
import { uploadMass } from './mass-read-backs.ts';
import { namedIn } from './request-fields.ts';

async function valid(ctx: CheckRun, _bucket: BucketRole): Promise<OperationCall<'presignUpload'>> {
  return { json: { path: `${ctx.settings.runPrefix}presigned/${ctx.unique()}.txt`, contentType: 'text/plain', size: 5 } };
}

export const presignUploadBook: OperationBook<'presignUpload'> = {
  operationId: 'presignUpload',
  files: 'none',
  harnessScopes: [scopeOf('listFiles')],
  // A pending upload that no bytes are sent to, under the run's prefix.
  repeat: 'one-more-inert',
  names: namedIn('presignUpload'),
  valid,
  proof: {
    cost: 'own-files',
    call: async (ctx) => ({ json: { path: `${ctx.settings.runPrefix}keys/${ctx.unique()}.txt`, contentType: 'text/plain', size: 1 } }),
    // Finish the upload, so the file is the run's and cleanup removes it.
    settle: async (ctx, bucket, ex, call) => {
      const body = ex.json as PresignAnswer | undefined;
      const url = presignedUrl(body);
      if (url) await putBytes(ctx.api, { ...body, url }, Buffer.from('k'));
      await ctx.files.adopt(bucket, idText(body?.fileId), call.json?.path ?? '');
    },
  },
  foreign: [],
  mass: uploadMass(valid, 'listFiles'),
};
