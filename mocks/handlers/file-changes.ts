// PATCH .../files/{fileId}, POST .../files/move and POST .../files/trash.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { TrashedFile } from '../store/world-store.ts';
import { conflict, jsonResponse, notFound, validationFailed } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { fileJson } from '../store/file-json.ts';
import { moveFiles, trashFiles, updateFileFields, TRASH_RETENTION_DAYS } from '../store/file-mutations.ts';
import { filesOfBucket, noSuchFile } from './bucket-files-lookup.ts';

const MAX_PATH = 1024;

export function updateFile(ctx: HandlerContext<'updateFile'>): MockResponse {
  const fileId = ctx.params.fileId as string;
  const file = ctx.lookupFile(fileId);
  if (!file) return noSuchFile(ctx, fileId);
  updateFileFields(ctx.store, file, ctx.body, timestamp(ctx.env.clock.now()));
  return jsonResponse(200, fileJson(file));
}

export function moveFilesHandler(ctx: HandlerContext<'moveFiles'>): MockResponse {
  const { fileIds, destination } = ctx.body;
  const found = filesOfBucket(ctx, fileIds);
  if ('refusal' in found) return found.refusal;
  const targetId = destination.bucketId ?? ctx.bucket.bucket.id;
  const target = ctx.store.buckets.get(targetId);
  if (!target || target.bucket.workspaceId !== ctx.workspace.id || !ctx.reaches(targetId)) {
    return notFound(`No bucket ${targetId} in workspace ${ctx.workspace.id}.`);
  }
  const tooLong = found.files.find((f) => destination.prefix.length + f.name.length > MAX_PATH);
  if (tooLong) {
    return validationFailed([
      { location: 'body', field: '/destination/prefix', message: `makes the path of ${tooLong.id} longer than ${MAX_PATH} characters` },
    ]);
  }
  const now = ctx.env.clock.now();
  const result = moveFiles(ctx.store, found.files, target, destination.prefix, now, timestamp(now));
  if ('conflict' in result) return conflict(`A file already exists at ${result.conflict} in bucket ${targetId}; nothing was moved.`);
  return jsonResponse(200, `{"moved":[${result.moved.map((f) => fileJson(f)).join(',')}]}`);
}

/** The TrashEntry body of a trashed file. */
export function trashEntry({ file, trashedAt }: TrashedFile) {
  const purgeAt = timestamp(Date.parse(trashedAt) + TRASH_RETENTION_DAYS * 86_400_000);
  return {
    fileId: file.id,
    bucketId: file.bucketId,
    path: file.path,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
    trashedAt,
    purgeAt,
  };
}

export function trashFilesHandler(ctx: HandlerContext<'trashFiles'>): MockResponse {
  const found = filesOfBucket(ctx, ctx.body.fileIds);
  if ('refusal' in found) return found.refusal;
  const entries = trashFiles(ctx.store, found.files, timestamp(ctx.env.clock.now()));
  return jsonResponse(200, { trashed: entries.map(trashEntry) });
}
