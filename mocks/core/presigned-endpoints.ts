// The mock's own presigned URLs, outside the API and without a bearer key:
// PUT /__uploads/{uploadId}?token=... receives the bytes (token, expiry,
// declared size and content type checked); GET /__downloads/{fileId}?token=...
// serves them.
import type { MockRequest, MockResponse, RequestHead } from './types.ts';
import type { MockEnvironment } from './handler-context.ts';
import type { PendingUpload } from '../store/world-store.ts';
import { badRequest, conflict, jsonResponse, notFound, problem } from './problems.ts';
import { finishUpload, sha256Hex } from '../store/finish-upload.ts';
import { fileJson } from '../store/file-json.ts';
import { generatedBytes } from '../store/generated-bytes.ts';
import { MAX_UPLOADS } from '../store/grant-books.ts';

/** The most bytes the mock keeps for one upload (G15). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
/** How long presigned URLs stay valid. */
export const PRESIGN_TTL_MS = 15 * 60 * 1000;

/** What happens once an upload's bytes arrived: by default the file is created at once (G03). */
export type UploadFinisher = (env: MockEnvironment, upload: PendingUpload) => Promise<MockResponse>;

/** The seed's upload flow: the server finalises the file by itself, with no upload-complete call. */
export const finishAtOnce: UploadFinisher = async (env, upload) =>
  jsonResponse(200, fileJson(await finishUpload(env.store, upload, env.clock.now())));

const mediaType = (value: string | undefined): string => (value ?? '').split(';')[0].trim().toLowerCase();

// encodeURIComponent throws on a lone surrogate; a name that holds one is served with U+FFFD instead.
const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The pending upload a PUT may fill, or the answer that refuses it: checked from the request's head, before any byte is read. */
export function checkUploadGrant(
  env: MockEnvironment,
  head: RequestHead,
  uploadId: string,
): { upload: PendingUpload } | { refusal: MockResponse } {
  if (head.method !== 'PUT') return { refusal: problem(405, 'method_not_allowed', 'Upload URLs take PUT.', { headers: { Allow: 'PUT' } }) };
  const token = new URLSearchParams(head.query).get('token');
  const upload = env.store.uploads.get(uploadId);
  if (!upload) return { refusal: goneUpload(env, uploadId, token) };
  if (token !== upload.token) return { refusal: wrongToken() };
  if (upload.received) return { refusal: alreadyReceived() };
  if (env.clock.now() > upload.expiresAtMs) return { refusal: expired() };
  return { upload };
}

const wrongToken = () => notFound('The token of this upload URL is wrong. Use the url returned by presign-upload unchanged.');
const alreadyReceived = () => conflict('The bytes of this upload were already received.');
const expired = () => problem(403, 'invalid_request', 'This upload URL has expired; ask presign-upload for a new one.');

/** Why an upload the store no longer holds is gone, as far as the store remembers it. */
function goneUpload(env: MockEnvironment, uploadId: string, token: string | null): MockResponse {
  const dropped = env.store.uploads.droppedUpload(uploadId);
  if (!dropped) return notFound('No upload at this URL. Use the url returned by presign-upload unchanged.');
  if (token !== dropped.token) return wrongToken();
  if (dropped.spent) return alreadyReceived();
  if (env.clock.now() > dropped.expiresAtMs) return expired();
  return notFound(
    `This upload was evicted before its URL expired: the mock keeps at most ${MAX_UPLOADS.toLocaleString('en-US')} pending uploads and drops the oldest when more are presigned. Ask presign-upload for a new URL.`,
  );
}

/** PUT of the bytes of a presigned upload (a front end reads at most the declared size, see the app's admitBody). */
export async function receiveUpload(
  env: MockEnvironment,
  request: MockRequest,
  uploadId: string,
  finish: UploadFinisher,
): Promise<MockResponse> {
  const grant = checkUploadGrant(env, request, uploadId);
  if ('refusal' in grant) return grant.refusal;
  const { upload } = grant;
  if (request.bodyTruncated) {
    return badRequest(`More bytes arrived than the ${upload.size} declared to presign-upload.`, [
      { location: 'body', field: '', message: `must be exactly ${upload.size} bytes` },
    ]);
  }
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
  return finish(env, upload);
}

/** GET (or HEAD) of a presigned download. */
export function serveDownload(env: MockEnvironment, request: MockRequest, fileId: string): MockResponse {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return problem(405, 'method_not_allowed', 'Download URLs take GET.', { headers: { Allow: 'GET, HEAD' } });
  }
  const store = env.store;
  const token = new URLSearchParams(request.query).get('token') ?? '';
  const grant = store.downloads.get(token);
  const file = store.filesById.get(fileId);
  if (!grant || grant.fileId !== fileId || !file || file.status !== 'ready') {
    return notFound('No download at this URL: the token is wrong, or the file was trashed or purged.');
  }
  if (env.clock.now() > grant.expiresAtMs)
    return problem(403, 'invalid_request', 'This download URL has expired; ask presign-download for a new one.');
  const bytes = store.storedBytes.get(fileId) ?? generatedBytes(file);
  const name = wellFormed(file.name);
  const headers = {
    'Content-Type': file.contentType,
    'Content-Length': String(bytes.length),
    'Content-Disposition': `${grant.disposition}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
  return { status: 200, headers, body: request.method === 'HEAD' ? undefined : bytes };
}
