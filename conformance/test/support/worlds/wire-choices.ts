// Proxy rules for choices of the wire the seed leaves open, each applied to
// every answer of the API: a vendor JSON media type, gzip on every body,
// validators (a weak ETag and Cache-Control: no-store), the key in one strict
// spelling only, extra fields in every JSON object, and an extra route the
// contract does not list.
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { json, type ProxyResponse, type Rule } from '../loopback-proxy.ts';
import { isJsonType, parseJson, withJsonBody } from '../rule-json.ts';
import { underPath } from '../rule-stack.ts';

const isApi = underPath();

/** JSON answers as `application/vnd.bucketkit+json` (problem bodies keep their own type). */
export const vendorJsonType: Rule = async (request, forward) => {
  const answer = await forward(request);
  const type = answer.headers['content-type'] ?? '';
  if (!isApi(request) || !/^application\/json\b/i.test(type)) return answer;
  return {
    ...answer,
    headers: { ...answer.headers, 'content-type': type.replace(/^application\/json/i, 'application/vnd.bucketkit+json') },
  };
};

/** Every non-empty API body gzip-coded, whatever the request's Accept-Encoding (a CDN in front that always compresses). */
export const gzipEverything: Rule = async (request, forward) => {
  const answer = await forward(request);
  if (!isApi(request) || answer.body.length === 0 || request.method === 'HEAD') return answer;
  return { ...answer, headers: { ...answer.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' }, body: gzipSync(answer.body) };
};

/** A weak ETag on every 2xx answer and `Cache-Control: no-store`; a matching If-None-Match on a GET is 304. */
export const weakValidators: Rule = async (request, forward) => {
  const answer = await forward(request);
  if (!isApi(request) || answer.status >= 300) return answer;
  const etag = `W/"${createHash('sha1').update(answer.body).digest('hex').slice(0, 16)}"`;
  const headers = { ...answer.headers, etag, 'cache-control': 'no-store' };
  if (request.method === 'GET' && request.headers['if-none-match'] === etag) return { status: 304, headers, body: Buffer.alloc(0) };
  return { ...answer, headers };
};

const MAX_DEPTH = 64;
function withExtras(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => withExtras(v, depth + 1));
  if (value && typeof value === 'object')
    return { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtras(v, depth + 1)])), _links: { self: null } };
  return value;
}

/** Every JSON object of a 2xx answer gains a field the contract does not name (`_links`), as HAL-style servers add. */
export const extraResponseFields: Rule = async (request, forward) => {
  const answer = await forward(request);
  if (!isApi(request) || answer.status >= 300 || !isJsonType(answer.headers['content-type'])) return answer;
  const body = parseJson(answer.body);
  return body === undefined ? answer : withJsonBody(answer, withExtras(body));
};

/** Also serves `GET /api/v1/health` (a route the contract does not list), keyless. */
export const extraHealthRoute: Rule = (request, forward): Promise<ProxyResponse> =>
  request.url.split('?')[0] === '/api/v1/health'
    ? Promise.resolve({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"status":"ok"}') })
    : forward(request);

/**
 * The key only as RFC 6750 writes it: exactly `Bearer`, one space, the token. Any other spelling (`bearer`, two
 * spaces, a tab, spaces around) carries no key: 401, as strict servers answer.
 */
export const strictBearer: Rule = async (request, forward) => {
  const line = request.headers.authorization;
  if (!isApi(request) || line === undefined || /^Bearer [^\s]+$/.test(line)) return forward(request);
  const answer = json(
    401,
    {
      type: 'urn:bucketkit:problem:unauthenticated',
      title: 'Unauthorized',
      status: 401,
      code: 'unauthenticated',
      detail: 'Send the key as "Authorization: Bearer <key>".',
    },
    'application/problem+json',
  );
  return { ...answer, headers: { ...answer.headers, 'www-authenticate': 'Bearer' } };
};
