// POST .../files/presign-upload, .../presign-download and .../upload-complete.
// Presigned URLs point at the mock itself (/__uploads, /__downloads).
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import { conflict, jsonResponse, notFound, tooLarge } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { fileJson } from '../store/file-json.ts';
import { fileOfBucket, noSuchFile } from './bucket-files-lookup.ts';
import { finishUpload } from './finish-upload.ts';
import { newId, newToken } from './new-id.ts';

/** The most bytes the mock keeps for one upload (G15). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
/** How long presigned URLs stay valid. */
export const PRESIGN_TTL_MS = 15 * 60 * 1000;

export function presignUpload(ctx: HandlerContext): MockResponse {
  const body = ctx.body as { path: string; contentType: string; size: number; sha256?: string };
  if (body.size > MAX_UPLOAD_BYTES)
    return tooLarge(`The mock stores at most ${MAX_UPLOAD_BYTES} bytes (64 MiB) per upload; this one declares ${body.size}.`);
  const now = ctx.env.clock.now();
  if (ctx.store.pathTaken(ctx.bucket, body.path, now) && !ctx.env.faults.on('path-conflict-overwrites'))
    return conflict(`A file already exists at ${body.path}, or an upload to it is pending.`);
  const uploadId = newId('upl');
  const upload = {
    uploadId,
    fileId: newId('file'),
    bucketId: ctx.bucket.bucket.id,
    path: body.path,
    contentType: body.contentType,
    size: body.size,
    sha256: body.sha256,
    token: newToken(),
    expiresAtMs: now + PRESIGN_TTL_MS,
  };
  ctx.store.uploads.set(uploadId, upload);
  ctx.bucket.reserved.set(body.path, uploadId);
  return jsonResponse(201, {
    uploadId,
    fileId: upload.fileId,
    path: upload.path,
    url: `${ctx.env.origin(ctx.headers)}/__uploads/${uploadId}?token=${upload.token}`,
    method: 'PUT',
    headers: { 'Content-Type': upload.contentType },
    size: upload.size,
    expiresAt: timestamp(upload.expiresAtMs),
  });
}

export function presignDownload(ctx: HandlerContext): MockResponse {
  const { fileId, disposition = 'attachment' } = ctx.body as { fileId: string; disposition?: 'attachment' | 'inline' };
  const file = fileOfBucket(ctx, fileId);
  if (!file) return noSuchFile(ctx, fileId);
  const token = newToken();
  const expiresAtMs = ctx.env.clock.now() + PRESIGN_TTL_MS;
  ctx.store.downloads.set(token, { fileId, disposition, expiresAtMs });
  return jsonResponse(200, {
    fileId,
    url: `${ctx.env.origin(ctx.headers)}/__downloads/${fileId}?token=${token}`,
    method: 'GET',
    headers: {},
    expiresAt: timestamp(expiresAtMs),
  });
}

/** Only reachable with the upload-needs-complete fault: the pipeline refuses every API-key client otherwise. */
export async function completeUpload(ctx: HandlerContext): Promise<MockResponse> {
  const upload = ctx.store.uploads.get((ctx.body as { uploadId: string }).uploadId);
  if (!upload || upload.bucketId !== ctx.bucket.bucket.id)
    return notFound(`No upload ${(ctx.body as { uploadId: string }).uploadId} in bucket ${ctx.bucket.bucket.id}.`);
  if (!upload.received) return conflict('The bytes of this upload have not arrived yet; PUT them to the presigned URL first.');
  if (upload.finished) return conflict('This upload is already complete.');
  const file = await finishUpload(ctx.store, upload, ctx.env.clock.now());
  return jsonResponse(200, fileJson(file, ctx.env.faults));
}
