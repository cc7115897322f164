// The book of presignDownload: a presigned URL to download a file named in the
// body. Its valid call names the run's shared test file; its scope proof a test
// file of the KEY check's own; the foreign-file case names the other bucket's
// file, and only a URL that serves that file's bytes is a leak.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import {} from '../client/request-builder.ts';
import { downloadUrl } from '../client/upload.ts';
import type { OperationBook } from './operation-book.ts';
import { sharedFile } from './book-parts.ts';
import { NAMING } from './foreign-read-backs.ts';
import { namedIn } from './request-fields.ts';

export const presignDownloadBook: OperationBook<'presignDownload'> = {
  operationId: 'presignDownload',
  files: 'shared',
  harnessScopes: [],
  repeat: 'same-state',
  names: namedIn('presignDownload'),
  valid: async (ctx, bucket) => ({ json: { fileId: sharedFile(ctx, bucket).id, disposition: 'attachment' } }),
  proof: {
    cost: 'none',
    call: async (_ctx, bucket, t) => ({ json: { fileId: (await t.get(bucket, 'listed')).id, disposition: 'attachment' } }),
  },
  foreign: [
    {
      ...NAMING,
      readBack: [],
      call: async (_ctx, f) => ({ json: { fileId: f.file.id, disposition: 'attachment' } }),
      // Presigning without looking the file up is fine; a URL that serves the other bucket's bytes is not.
      changed: async (ctx, f, ex) => {
        const url = isSuccess(ex.status) ? downloadUrl(ex.json) : undefined;
        const got = url ? await ctx.api.send({ method: 'GET', path: url }) : undefined;
        return got && got.body.equals(Buffer.from(f.file.content)) ? 'the presigned URL serves its bytes' : undefined;
      },
    },
  ],
  mass: undefined,
};
