// The seed's upload flow as the suite performs it: presign-upload, then PUT the
// exact bytes to the returned URL; no upload-complete call.
import type { RunSettings } from '../config/config-types.ts';
import type { ApiClient, Exchange } from '../http/api-client.ts';
import { routeById, routePath, type BucketRole } from './request-builder.ts';
import { HarnessError } from '../http/api-client.ts';

export interface Uploaded {
  fileId: string;
  presign: Exchange;
  put: Exchange;
}

/** Presigns and PUTs `content`; throws a HarnessError when `strict` and a step is not 2xx. */
export async function uploadBytes(
  api: ApiClient,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  path: string,
  content: string,
  strict = true,
): Promise<Uploaded> {
  const route = routeById('presignUpload');
  const bytes = Buffer.from(content);
  const presign = await api.send({
    method: route.method,
    path: routePath(route, settings, bucket),
    auth: { key },
    json: { path, contentType: 'text/plain', size: bytes.length },
  });
  const body = presign.json as { fileId?: string; url?: string; method?: string; headers?: Record<string, string> } | undefined;
  if (presign.status !== route.successStatus || !body?.url) {
    if (strict) throw new HarnessError(`set-up: presign-upload of ${path} answered ${presign.status}`);
    return { fileId: body?.fileId ?? '', presign, put: presign };
  }
  const put = await api.send({
    method: body.method ?? 'PUT',
    path: body.url,
    rawBody: bytes,
    contentType: body.headers?.['Content-Type'] ?? 'text/plain',
    headers: body.headers,
  });
  if (strict && (put.status < 200 || put.status >= 300))
    throw new HarnessError(`set-up: PUT of ${path} to the presigned URL answered ${put.status}`);
  return { fileId: body.fileId ?? '', presign, put };
}
