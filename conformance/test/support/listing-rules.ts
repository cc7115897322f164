// Proxy rules for the listing filter checks: servers that page differently
// (no `limit`, or `limit` refused) and one that will not store some characters
// in a path, all of which the seed allows.
import { json, type Rule } from './loopback-proxy.ts';
import { urlOf, withoutParam } from './rule-json.ts';

/** Ignores `limit` on file listings: every filtered listing comes on one page of the server's size. */
export const limitIgnored: Rule = (request, forward) =>
  forward(
    request.method === 'GET' && urlOf(request).pathname.endsWith('/files')
      ? { ...request, url: withoutParam(request.url, 'limit') }
      : request,
  );

/** Refuses an upload whose path holds `char` with 422, as a server with a narrower path syntax would. */
export const refusesPathsWith =
  (char: string): Rule =>
  async (request, forward) => {
    if (!urlOf(request).pathname.endsWith('/files/presign-upload')) return forward(request);
    const body = JSON.parse(request.body.toString('utf8') || '{}') as { path?: unknown };
    if (typeof body.path === 'string' && body.path.includes(char))
      return json(422, { error: { message: `paths may not hold ${char}`, field: 'path' } });
    return forward(request);
  };
