// Finds files addressed through a bucket's path (`{fileId}` or `fileIds`):
// a file of another bucket is 404, exactly like one that does not exist.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { FileRecord } from '../world/world-types.ts';
import { notFound } from '../core/problems.ts';

/** 404 naming the file and the route's bucket. */
export function noSuchFile(ctx: Pick<HandlerContext, 'bucket'>, fileId: string): MockResponse {
  return notFound(`No file ${fileId} in bucket ${ctx.bucket.bucket.id}.`);
}

/** All the files, or a 404 naming the first one that is not in the bucket. */
export function filesOfBucket(
  ctx: Pick<HandlerContext, 'bucket' | 'lookupFile'>,
  fileIds: readonly string[],
): { files: FileRecord[] } | { refusal: MockResponse } {
  const files: FileRecord[] = [];
  for (const id of fileIds) {
    const file = ctx.lookupFile(id);
    if (!file) return { refusal: noSuchFile(ctx, id) };
    files.push(file);
  }
  return { files };
}
