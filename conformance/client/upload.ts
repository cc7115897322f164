// The seed's upload flow as the suite performs it: presign-upload, then PUT the
// exact bytes to the returned URL; no upload-complete call.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { Exchange } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { routeById, routePath, type BucketRole } from './request-builder.ts';
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
  /** As the server sent it: sendableHeaders makes it fit for the wire. */
  headers?: unknown;
}

/** An id as the suite keeps it: a server's JSON number as its digits, none as ''. */
export const idText = (id: unknown): string => (typeof id === 'string' ? id : typeof id === 'number' ? String(id) : '');

/** The URL a presign answer names to PUT the bytes to, when it names one (a string, not empty). */
export const presignedUrl = (answer: PresignAnswer | undefined): string | undefined =>
  typeof answer?.url === 'string' && answer.url !== '' ? answer.url : undefined;

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

/** Headers that frame the message: the transport writes them from the bytes it sends (a storage that signs Content-Length gets the same value). */
const FRAMING = /^(content-length|transfer-encoding|host|connection|keep-alive|upgrade|te|trailer)$/i;

/**
 * The headers a presign answer names, as they can go on the wire (framing headers aside, see FRAMING): a string as it is, a number or boolean as its
 * text (a server may write `"Content-Length": 5`), a list of strings as repeated lines; anything else is left out.
 * What the answer should have held is the contract's to judge (its schema), not a reason the PUT cannot be sent.
 */
export function sendableHeaders(named: unknown): Record<string, string | string[]> {
  if (!named || typeof named !== 'object' || Array.isArray(named)) return {};
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(named)) {
    if (FRAMING.test(name)) continue;
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[name] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[name] = value;
  }
  return out;
}

/** Sends the bytes to a presigned upload's URL (step 2 of the flow), with the method and headers it names. */
export function putBytes(api: Api, answer: PresignAnswer & { url: string }, bytes: Buffer): Promise<Exchange> {
  const named = Object.entries(sendableHeaders(answer.headers));
  // The content type goes once, in whatever case the answer wrote its name.
  const isType = ([name]: [string, unknown]) => name.toLowerCase() === 'content-type';
  const contentType = named.find(isType)?.[1];
  const headers = Object.fromEntries(named.filter((entry) => !isType(entry)));
  return api.send({
    method: typeof answer.method === 'string' ? answer.method : 'PUT',
    path: answer.url,
    rawBody: bytes,
    contentType: typeof contentType === 'string' ? contentType : 'text/plain',
    headers,
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
  const url = presignedUrl(body);
  if (!isSuccess(presigned.status) || !url) {
    if (strict) throw presignRefused(path, presigned.status);
    return { fileId: idText(body.fileId), presign: presigned, put: presigned };
  }
  const put = await putBytes(api, { ...body, url }, bytes);
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
