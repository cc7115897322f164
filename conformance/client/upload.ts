// The seed's upload flow as the suite performs it: presign-upload, then PUT the
// exact bytes to the returned URL; no upload-complete call.
import type { RunSettings } from '../config/config-types.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { Exchange } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { isSuccess, routeById, routePath, type BucketRole } from './request-builder.ts';
import { presignRefused, SetupError } from './setup-error.ts';

export interface Uploaded {
  fileId: string;
  presign: Exchange;
  put: Exchange;
}

export interface PresignAnswer {
  uploadId?: string;
  /** A string, or a JSON number from a server with numeric ids. */
  fileId?: string | number;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
}

/** An id as the suite keeps it: a server's JSON number as its digits, none as ''. */
/** An id as the suite keeps it: a server may send it as a JSON number. */
export const idText = (id: unknown): string => (typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '');

/** Presigns an upload of `size` bytes at `path` (step 1 of the flow); the answer as sent back. */
export async function presign(api: Api, settings: RunSettings, key: string, bucket: BucketRole, path: string, size: number) {
  const route = routeById('presignUpload');
  const ex = await api.send({
    method: route.method,
    path: routePath(route, settings, bucket),
    auth: { key },
    json: { path, contentType: 'text/plain', size },
  });
  return { ex, body: (ex.json ?? {}) as PresignAnswer };
}

/** Sends the bytes to a presigned upload's URL (step 2 of the flow), with the method and headers it names. */
export function putBytes(api: Api, answer: PresignAnswer & { url: string }, bytes: Buffer): Promise<Exchange> {
  return api.send({
    method: answer.method ?? 'PUT',
    path: answer.url,
    rawBody: bytes,
    contentType: answer.headers?.['Content-Type'] ?? 'text/plain',
    headers: answer.headers,
    // The same bytes to the same upload URL: a second copy leaves what the first left.
    resend: 'safe',
  });
}

/** Presigns and PUTs `content`; throws a HarnessError when `strict` and a step is not 2xx. */
export async function uploadBytes(
  api: Api,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  path: string,
  content: string,
  strict = true,
): Promise<Uploaded> {
  const bytes = Buffer.from(content);
  const { ex: presigned, body } = await presign(api, settings, key, bucket, path, bytes.length);
  // Any 2xx: the seed states no status, and 201 is the contract's choice.
  if (!isSuccess(presigned.status) || !body.url) {
    if (strict) throw presignRefused(path, presigned.status);
    return { fileId: idText(body.fileId), presign: presigned, put: presigned };
  }
  const put = await putBytes(api, { ...body, url: body.url }, bytes);
  if (strict && !isSuccess(put.status))
    throw new SetupError(`the PUT of ${path} to the presigned URL answered ${put.status}`, [checkIds.uploadAppears()]);
  return { fileId: idText(body.fileId), presign: presigned, put };
}

/** The URL of a presigned download: `url`, or else the first absolute http(s) URL in the body (its field name is a choice). */
export function downloadUrl(json: unknown): string | undefined {
  const body = (json ?? {}) as Record<string, unknown>;
  if (typeof body.url === 'string') return body.url;
  return Object.values(body).find((v): v is string => typeof v === 'string' && /^https?:\/\//.test(v));
}
