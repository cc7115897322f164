// The mock's own presigned URLs, outside /api/v1 and without a bearer key:
// PUT /__uploads/{uploadId}?token=... receives the bytes (token, expiry,
// declared size and content type checked); GET /__downloads/{fileId}?token=...
// serves them.
import type { MockRequest, MockResponse } from './types.ts';
import type { MockEnvironment } from './handler-context.ts';
import { badRequest, conflict, jsonResponse, notFound, problem, tooLarge } from './problems.ts';
import { MAX_UPLOAD_BYTES } from '../handlers/uploads.ts';
import { finishUpload, sha256Hex } from '../handlers/finish-upload.ts';
import { fileJson } from '../store/file-json.ts';
import { generatedBytes } from '../store/generated-bytes.ts';

const mediaType = (value: string | undefined): string => (value ?? '').split(';')[0].trim().toLowerCase();

/** PUT of the bytes of a presigned upload. */
export async function receiveUpload(env: MockEnvironment, request: MockRequest, uploadId: string): Promise<MockResponse> {
  if (request.method !== 'PUT') return problem(405, 'method_not_allowed', 'Upload URLs take PUT.', { headers: { Allow: 'PUT' } });
  const store = env.store;
  const upload = store.uploads.get(uploadId);
  const token = new URLSearchParams(request.query).get('token');
  if (!upload || !token || token !== upload.token)
    return notFound('No upload at this URL, or its token is wrong. Use the url returned by presign-upload unchanged.');
  if (upload.received) return conflict('The bytes of this upload were already received.');
  if (env.clock.now() > upload.expiresAtMs)
    return problem(403, 'invalid_request', 'This upload URL has expired; ask presign-upload for a new one.');
  if (request.bodyTruncated) return tooLarge(`The mock stores at most ${MAX_UPLOAD_BYTES} bytes (64 MiB) per upload.`);
  const bytes = request.body ?? new Uint8Array(0);
  if (mediaType(request.headers['content-type']) !== mediaType(upload.contentType)) {
    return badRequest(`Send Content-Type: ${upload.contentType}, as declared to presign-upload.`, [
      { location: 'header', field: 'content-type', message: `must be ${upload.contentType}` },
    ]);
  }
  if (bytes.length !== upload.size) {
    return badRequest(`The upload declared ${upload.size} bytes but ${bytes.length} arrived.`, [
      { location: 'body', field: '', message: `must be exactly ${upload.size} bytes` },
    ]);
  }
  // Claimed before any await, so a concurrent second PUT gets 409.
  upload.received = bytes;
  if (upload.sha256 && (await sha256Hex(bytes)) !== upload.sha256) {
    upload.received = undefined;
    return badRequest('The bytes do not match the sha256 declared to presign-upload.', [
      { location: 'body', field: '', message: 'sha256 differs' },
    ]);
  }
  // The planted fault keeps the bytes waiting for an upload-complete call.
  if (env.faults.on('upload-needs-complete')) return jsonResponse(200, { uploadId, status: 'received' });
  const file = await finishUpload(store, upload, env.clock.now());
  return jsonResponse(200, fileJson(file, env.faults));
}

/** GET of a presigned download. */
export function serveDownload(env: MockEnvironment, request: MockRequest, fileId: string): MockResponse {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return problem(405, 'method_not_allowed', 'Download URLs take GET.', { headers: { Allow: 'GET, HEAD' } });
  const store = env.store;
  const token = new URLSearchParams(request.query).get('token') ?? '';
  const grant = store.downloads.get(token);
  const file = store.filesById.get(fileId);
  if (!grant || grant.fileId !== fileId || !file || file.status !== 'ready')
    return notFound('No download at this URL: the token is wrong, or the file was trashed or purged.');
  if (env.clock.now() > grant.expiresAtMs)
    return problem(403, 'invalid_request', 'This download URL has expired; ask presign-download for a new one.');
  const stored = store.storedBytes.get(fileId) ?? generatedBytes(file);
  // The planted fault corrupts what is served: one extra newline.
  const bytes = env.faults.on('download-bytes-altered') ? new Uint8Array([...stored, 0x0a]) : stored;
  const headers = {
    'Content-Type': file.contentType,
    'Content-Length': String(bytes.length),
    'Content-Disposition': `${grant.disposition}; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  };
  return { status: 200, headers, body: request.method === 'HEAD' ? undefined : bytes };
}
