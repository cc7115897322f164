// Proxy rules that turn the correct mock into other implementations: ones that
// chose differently wherever the gap register says "profile" (the suite must
// pass them at core, and with overrides at profile), and ones that each break
// one seed rule (the suite must fail them at core, in the right area).
import { json, type ProxyRequest, type ProxyResponse, type Rule } from './loopback-proxy.ts';

export interface Target {
  allowed: string;
  other: string;
  /** A token reaching every bucket, for rules that leak as a careless server would. */
  fullToken: string;
}

const urlOf = (request: ProxyRequest) => new URL(request.url, 'http://proxy.invalid');
const bodyOf = (response: ProxyResponse): unknown => {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    return undefined;
  }
};
const withJson = (response: ProxyResponse, body: unknown): ProxyResponse => ({
  ...response,
  headers: { ...response.headers, 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(body)),
});
const isProblem = (response: ProxyResponse) => (response.headers['content-type'] ?? '').startsWith('application/problem+json');

// ---- Choices the seed leaves open -------------------------------------------------------------

/** Error bodies as `{"error": {...}}` in application/json, naming the scope and fields in its own words. */
export const otherErrorFormat: Rule = async (request, forward) => {
  const response = await forward(request);
  if (!isProblem(response)) return response;
  const p = bodyOf(response) as { code?: string; detail?: string; requiredScope?: string; errors?: { field: string }[] } | undefined;
  // An answer without a body (HEAD) has nothing to reshape.
  if (p === undefined) return response;
  return withJson(response, {
    error: { kind: p.code, message: p.detail, missingScope: p.requiredScope, fields: p.errors?.map((e) => e.field) },
  });
};

/** A bucket outside the key's bucketIds is 403 (an absent one stays 404). */
export const foreignBucket403 =
  (target: Target): Rule =>
  async (request, forward) => {
    const response = await forward(request);
    if (response.status === 404 && urlOf(request).pathname.includes(`/buckets/${target.other}/`)) return { ...response, status: 403 };
    return response;
  };

/** A method the spec does not list is 404, without Allow. */
export const unlistedMethod404: Rule = async (request, forward) => {
  const response = await forward(request);
  if (response.status !== 405) return response;
  const headers = { ...response.headers };
  delete headers.allow;
  const body = bodyOf(response) as Record<string, unknown> | undefined;
  return { ...response, status: 404, headers, body: Buffer.from(JSON.stringify({ ...body, status: 404, code: 'not_found' })) };
};

/** Refuses `limit` above a maximum, as Stripe's API does above 100. */
export const pageLimit =
  (max: number): Rule =>
  async (request, forward) => {
    const limit = urlOf(request).searchParams.get('limit');
    if (limit !== null && Number(limit) > max)
      return json(
        400,
        {
          type: 'about:blank',
          title: 'Bad request',
          status: 400,
          code: 'invalid_request',
          detail: `limit is at most ${max}`,
          errors: [{ location: 'query', field: 'limit', message: `at most ${max}` }],
        },
        'application/problem+json',
      );
    return forward(request);
  };

/** Ignores request-body fields it does not know, and looks a file up before it reads the body. */
export const lenientBodies: Rule = async (request, forward) => {
  const path = urlOf(request).pathname;
  if (/\/files\/file_bucketkit_[^/]*$/.test(path)) return json(404, { error: { message: 'no such file' } });
  let body = request.body;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      body = Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(parsed).filter(([k]) => !k.startsWith('bucketkit')))));
  } catch {
    // Not JSON: forwarded as it came.
  }
  return forward({ ...request, body });
};

/** Answers other 2xx codes than the contract (200 for a presign, 204 for a PATCH) and single-page listings as bare arrays. */
export const otherSuccessShapes: Rule = async (request, forward) => {
  const response = await forward(request);
  if (response.status === 201) return { ...response, status: 200 };
  if (request.method === 'PATCH' && response.status === 200) return { status: 204, headers: {}, body: Buffer.alloc(0) };
  const body = bodyOf(response) as { data?: unknown; nextCursor?: unknown } | undefined;
  if (request.method === 'GET' && response.status === 200 && Array.isArray(body?.data) && body.nextCursor === null)
    return withJson(response, body.data);
  return response;
};

/** Answers 409 to a backfill start while one is running (the mock returns the running job again). */
export function backfillConflicts(): Rule {
  const seen = new Set<string>();
  return async (request, forward) => {
    const response = await forward(request);
    const id = (bodyOf(response) as { id?: string } | undefined)?.id;
    if (!urlOf(request).pathname.endsWith('/intelligence/backfill') || !id) return response;
    if (seen.has(id)) return json(409, { error: { message: 'a backfill is already running' } });
    seen.add(id);
    return response;
  };
}

/** Lists an uploaded file only `delayMs` after its upload was presigned (and knows it by id no sooner). */
export function slowUploads(delayMs: number): Rule {
  const born = new Map<string, number>();
  const hidden = (key: string) => (born.get(key) ?? 0) + delayMs > Date.now();
  return async (request, forward) => {
    const path = urlOf(request).pathname;
    const idInPath = path.match(/\/files\/([^/]+)$/)?.[1];
    if (idInPath && hidden(idInPath)) return json(404, { error: { message: 'no such file yet' } });
    const response = await forward(request);
    const body = bodyOf(response) as { fileId?: string; path?: string; data?: { id: string; path: string }[] } | undefined;
    if (path.endsWith('/files/presign-upload') && body?.fileId && body.path) {
      born.set(body.fileId, Date.now());
      born.set(body.path, Date.now());
    }
    if (request.method === 'GET' && path.endsWith('/files') && Array.isArray(body?.data))
      return withJson(response, { ...body, data: body.data.filter((f) => !hidden(f.path)) });
    return response;
  };
}

/** HEAD is not served at all (404, no body): HTTP lets a server leave it out. */
export const headUnserved: Rule = async (request, forward) =>
  request.method === 'HEAD' ? { status: 404, headers: {}, body: Buffer.alloc(0) } : forward(request);

/** Every choice above at once: an independent implementation that differs from the gap register wherever it may. */
export function independentImplementation(target: Target): Rule {
  const layers = [
    lenientBodies,
    pageLimit(100),
    foreignBucket403(target),
    unlistedMethod404,
    otherErrorFormat,
    otherSuccessShapes,
    backfillConflicts(),
    headUnserved,
  ];
  return layers.reduceRight<Rule>(
    (inner, layer) => (request, forward) => layer(request, (r) => inner(r, forward)),
    (r, f) => f(r),
  );
}

// ---- Broken seed rules --------------------------------------------------------------------------

/** Answers a file listing from a wider one (every file under "bucketkit-conformance/"), filtered by `keep`. */
function refilteredListing(param: 'prefix' | 'tag', keep: (file: { path: string; tags: string[] }, value: string) => boolean): Rule {
  return async (request, forward) => {
    const url = urlOf(request);
    const value = url.searchParams.get(param);
    if (request.method !== 'GET' || !url.pathname.endsWith('/files') || value === null) return forward(request);
    url.searchParams.delete(param);
    url.searchParams.delete('cursor');
    url.searchParams.set('prefix', 'bucketkit-conformance/');
    url.searchParams.set('limit', '1000');
    const wide = await forward({ ...request, url: `${request.url.split('?')[0]}${url.search}` });
    const body = bodyOf(wide) as { data: { path: string; tags: string[] }[] };
    return withJson(wide, { data: body.data.filter((f) => keep(f, value)), nextCursor: null });
  };
}

export const substringPrefix = refilteredListing('prefix', (f, v) => f.path.includes(v));
export const caseInsensitivePrefix = refilteredListing('prefix', (f, v) => f.path.toLowerCase().startsWith(v.toLowerCase()));
export const substringTag = refilteredListing('tag', (f, v) => f.tags.some((t) => t.includes(v)));

/** Answers a request on the allowed bucket with the other bucket's answer too (a careless index or agent). */
export function leakFromOther(target: Target, matches: (request: ProxyRequest) => boolean, merge: 'append' | 'replace'): Rule {
  return async (request, forward) => {
    if (!matches(request) || !request.url.includes(`/buckets/${target.allowed}/`)) return forward(request);
    const own = await forward(request);
    const theirs = await forward({
      ...request,
      url: request.url.replace(`/buckets/${target.allowed}/`, `/buckets/${target.other}/`),
      headers: { ...request.headers, authorization: `Bearer ${target.fullToken}` },
    });
    if (merge === 'replace') return theirs;
    const a = bodyOf(own) as { data?: unknown[] };
    const b = bodyOf(theirs) as { data?: unknown[] };
    return withJson(own, { ...a, data: [...(a.data ?? []), ...(b.data ?? [])] });
  };
}

/** Answers 500 to a query value that `poisons` recognises (raw, as received). */
export const queryCrash =
  (poisons: (rawQuery: string) => boolean): Rule =>
  async (request, forward) => {
    const raw = request.url.split('?')[1] ?? '';
    return raw && poisons(raw) ? json(500, { message: 'internal error' }) : forward(request);
  };
