// Deployments whose uploads never become ready: presign-upload and the PUT
// succeed, but the file is never listed, or is listed with a status that never
// becomes ready and never under its own path (no prefix listing finds it).
import type { Rule } from './loopback-proxy.ts';
import { matchApiRoute } from './api-routes.ts';
import { listingOf } from './listing-view.ts';
import { parseJson, urlOf, withJsonBody } from './rule-json.ts';

export interface NeverReadyOptions {
  /** `absent` (default): never listed. `processing`: listed with status `processing`, but never in a listing with a prefix. */
  mode?: 'absent' | 'processing';
}

/** Uploads that succeed and never become ready files in listings. */
export function uploadsNeverReady(options: NeverReadyOptions = {}): Rule {
  const mode = options.mode ?? 'absent';
  if (mode !== 'absent' && mode !== 'processing') throw new Error(`mode must be absent or processing, got ${String(mode)}.`);
  const uploaded = new Set<string>();
  return async (request, forward) => {
    const operation = matchApiRoute(request.method, request.url)?.route.operationId;
    const answer = await forward(request);
    if (operation === 'presignUpload' && answer.status === 201) {
      const fileId = (parseJson(answer.body) as { fileId?: string } | undefined)?.fileId;
      if (fileId) uploaded.add(fileId);
      return answer;
    }
    const page = operation === 'listFiles' ? listingOf(answer) : undefined;
    if (!page || !page.data.some((v) => uploaded.has(String(v.id)))) return answer;
    const underPrefix = urlOf(request).searchParams.has('prefix');
    const data = page.data.flatMap((v) => {
      if (!uploaded.has(String(v.id))) return [v];
      return mode === 'absent' || underPrefix ? [] : [{ ...v, status: 'processing' }];
    });
    return withJsonBody(answer, { ...page.body, data });
  };
}

/**
 * A presign answer naming, among the PUT's headers, those a storage signs: Content-Length (the size asked for) and
 * Host (the storage's name). A conforming deployment may.
 */
export function presignNamesSignedHeaders(): Rule {
  return async (request, forward) => {
    const answer = await forward(request);
    if (matchApiRoute(request.method, request.url)?.route.operationId !== 'presignUpload' || answer.status >= 300) return answer;
    const asked = parseJson(request.body) as { size?: number } | undefined;
    const body = parseJson(answer.body) as { headers?: Record<string, unknown> } | undefined;
    if (!body?.headers || asked?.size === undefined) return answer;
    const headers = { ...body.headers, 'Content-Length': String(asked.size), Host: 'storage.example' };
    return withJsonBody(answer, { ...body, headers });
  };
}
