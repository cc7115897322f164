// The upload flow (G03) and downloads: presign-upload hands out a URL on this
// server to PUT the bytes to; once they arrive (after the upload delay) the
// file exists, without upload-complete, which API keys are refused. A
// presigned download is a URL on this server serving the file's bytes.
import { conflict, failure, json, notFound, tooLarge } from '../answers.ts';
import { stamp } from '../file-ops.ts';
import { randomText } from '../ids.ts';
import type { Handler } from '../parts.ts';

/** The largest upload this server stores. */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
const LINK_LIFETIME_MS = 15 * 60_000;

export const presignUpload: Handler = (call, env) => {
  const { path, contentType, size } = call.json as { path: string; contentType: string; size: number };
  if (size > MAX_UPLOAD_BYTES) return tooLarge(`Uploads are limited to ${MAX_UPLOAD_BYTES} bytes.`);
  if (env.world.fileAt(call.bucketId, path)) return conflict(`A file already exists at ${path}.`);
  const upload = {
    id: env.world.newId('upload'),
    fileId: env.world.newId('file'),
    workspaceId: call.workspaceId,
    bucketId: call.bucketId,
    path,
    contentType,
    size,
    expiresAt: Date.now() + LINK_LIFETIME_MS,
    received: false,
  };
  const secret = randomText(32);
  env.world.uploads.set(upload.id, upload);
  env.world.uploadLinks.set(secret, upload.id);
  return json(201, {
    uploadId: upload.id,
    fileId: upload.fileId,
    path,
    url: `${call.request.origin}/uploads/${secret}`,
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    size,
    expiresAt: stamp(upload.expiresAt),
  });
};

export const completeUpload: Handler = () =>
  failure(403, 'upload_complete_not_allowed', 'API keys may not complete uploads: an upload completes when its bytes arrive.');

export const presignDownload: Handler = (call, env) => {
  const fileId = call.json.fileId as string;
  if (!env.world.fileIn(call.bucketId, fileId)) return notFound('file');
  const secret = randomText(32);
  const expiresAt = Date.now() + LINK_LIFETIME_MS;
  env.world.downloadLinks.set(secret, { fileId, expiresAt, disposition: (call.json.disposition as string) ?? 'attachment' });
  return json(200, { fileId, url: `${call.request.origin}/downloads/${secret}`, method: 'GET', headers: {}, expiresAt: stamp(expiresAt) });
};
