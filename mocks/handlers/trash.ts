// GET .../trash (newest first) and PATCH .../trash: restore, purge, empty
// (G31). A restore onto a taken path is 409 and changes nothing.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { TrashedFile } from '../store/world-store.ts';
import { conflict, jsonResponse, notFound, validationFailed } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { fileJson } from '../store/file-json.ts';
import { purgeFiles, restoreFiles, TRASH_RETENTION_DAYS } from '../store/file-mutations.ts';
import { listResponse } from './paging.ts';
import { trashEntry } from './file-changes.ts';

const newestFirst = (a: TrashedFile, b: TrashedFile): number =>
  a.trashedAt < b.trashedAt ? 1 : a.trashedAt > b.trashedAt ? -1 : a.file.id < b.file.id ? -1 : 1;

export function getTrash(ctx: HandlerContext<'getTrash'>): MockResponse {
  const entries = [...ctx.bucket.trash.values()].sort(newestFirst).map(trashEntry);
  return listResponse(entries, ctx.params, { retentionDays: TRASH_RETENTION_DAYS });
}

export function updateTrash(ctx: HandlerContext<'updateTrash'>): MockResponse {
  const { restore = [], purge = [], empty = false } = ctx.body;
  const { bucket, store } = ctx;
  const both = restore.find((id) => purge.includes(id));
  if (both) return validationFailed([{ location: 'body', field: '/purge', message: `names ${both}, which /restore names too` }]);
  const missing = [...restore, ...purge].find((id) => !bucket.trash.has(id));
  if (missing) return notFound(`No trashed file ${missing} in bucket ${bucket.bucket.id}.`);

  const now = ctx.env.clock.now();
  const result = restoreFiles(
    store,
    bucket,
    restore.map((id) => bucket.trash.get(id)!),
    now,
    timestamp(now),
  );
  if ('conflict' in result) return conflict(`A file already exists at ${result.conflict}; nothing was restored or purged.`);
  const purged = purgeFiles(store, bucket, empty ? [...bucket.trash.keys()] : purge);
  return jsonResponse(200, `{"restored":[${result.restored.map((f) => fileJson(f)).join(',')}],"purged":${JSON.stringify(purged)}}`);
}
