// POST .../files/presign-upload, .../presign-download and .../upload-complete.
// Presigned URLs point at the mock itself (/__uploads, /__downloads).
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import { conflict, jsonResponse, notFound, tooLarge } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { MAX_UPLOAD_BYTES, PRESIGN_TTL_MS } from '../core/presigned-endpoints.ts';
import { fileJson } from '../store/file-json.ts';
import { finishUpload } from '../store/finish-upload.ts';
import { noSuchFile } from './bucket-files-lookup.ts';
import { newId, newToken } from './new-id.ts';

export function presignUpload(ctx: HandlerContext<'presignUpload'>): MockResponse {
  const body = ctx.body;
  if (body.size > MAX_UPLOAD_BYTES) {
    return tooLarge(`The mock stores at most ${MAX_UPLOAD_BYTES} bytes (64 MiB) per upload; this one declares ${body.size}.`);
  }
  const now = ctx.env.clock.now();
  if (ctx.store.pathTaken(ctx.bucket, body.path, now))
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

export function presignDownload(ctx: HandlerContext<'presignDownload'>): MockResponse {
  const { fileId, disposition = 'attachment' } = ctx.body;
  if (!ctx.lookupFile(fileId)) return noSuchFile(ctx, fileId);
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

/**
 * Finalises an upload whose bytes arrived. The agent rule refuses every API-key
 * client before this runs (G03), and uploads finish when their bytes arrive, so
 * only a variant of the mock that lets a client through reaches it.
 */
export async function completeUpload(ctx: HandlerContext<'completeUpload'>): Promise<MockResponse> {
  const { uploadId } = ctx.body;
  const upload = ctx.store.uploads.get(uploadId);
  if (!upload || upload.bucketId !== ctx.bucket.bucket.id) return notFound(`No upload ${uploadId} in bucket ${ctx.bucket.bucket.id}.`);
  if (!upload.received) return conflict('The bytes of this upload have not arrived yet; PUT them to the presigned URL first.');
  if (upload.finished) return conflict('This upload is already complete.');
  const file = await finishUpload(ctx.store, upload, ctx.env.clock.now());
  return jsonResponse(200, fileJson(file));
}
