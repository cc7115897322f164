// Finds files addressed through a bucket's path (`{fileId}` or `fileIds`):
// a file of another bucket is 404, exactly like one that does not exist.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { FileRecord } from '../world/world-types.ts';
import { notFound } from '../core/problems.ts';
import { forbiddenAnswer } from '../faults/fault-answers.ts';

/** The ready file of the route's bucket, or undefined. */
export function fileOfBucket(ctx: HandlerContext, fileId: string): FileRecord | undefined {
  const file = ctx.store.filesById.get(fileId);
  if (!file || file.status !== 'ready') return undefined;
  if (file.bucketId === ctx.bucket.bucket.id) return file;
  // The planted fault lets a file of any bucket through.
  return ctx.env.faults.on('cross-bucket-file-access') ? file : undefined;
}

export function noSuchFile(ctx: HandlerContext, fileId: string): MockResponse {
  // The planted fault answers a file that exists nowhere 403, unlike the contract's 404.
  if (ctx.env.faults.on('unknown-file-403') && !ctx.store.filesById.has(fileId)) return forbiddenAnswer(`You may not use file ${fileId}.`);
  return notFound(`No file ${fileId} in bucket ${ctx.bucket.bucket.id}.`);
}

/** All the files, or a 404 naming the first one that is not in the bucket. */
export function filesOfBucket(ctx: HandlerContext, fileIds: string[]): { files: FileRecord[] } | { refusal: MockResponse } {
  const files: FileRecord[] = [];
  for (const id of fileIds) {
    const file = fileOfBucket(ctx, id);
    if (!file) return { refusal: noSuchFile(ctx, id) };
    files.push(file);
  }
  return { files };
}
