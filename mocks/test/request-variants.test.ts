// The correct mock's answers to request variants, generated from the route
// table: other spellings of every path (letter case, dot segments, matrix
// parameters), the credential in another form or channel, and every write in a
// form's content type. Each variant is refused, never served past a check
// (the planted faults of the same variants are in faults.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { rawRequest } from './support/raw-http.ts';

const routes = loadRouteTable();
let mock: MockClient;
let basePath: string;

beforeAll(async () => {
  mock = await startMockClient();
  basePath = new URL(mock.server.baseUrl).pathname;
});
afterAll(() => mock.close());

const full = () => mock.server.app.presetKeys.full;

/** Sends a path exactly as written (fetch would resolve its dot segments first) with the route's example body. */
function sendAsWritten(route: Route, path: string, key: string) {
  const body = route.requestBody ? JSON.stringify(route.requestBody.example) : undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  return rawRequest(mock.server.origin, { method: route.method, path, headers, body });
}

/** Every other spelling of a path: each segment after `./`, `%2e/`, `x/../`, `x/%2e%2e/` or `/`, with `;v=1`, each literal in other letter cases, and a trailing slash. */
function spellings(route: Route, path: string): { how: string; path: string }[] {
  const segments = path.split('/').slice(1);
  const literal = new Set([...basePath.split('/'), ...route.pathTemplate.split('/').filter((s) => !s.startsWith('{'))]);
  return segments
    .flatMap((segment, i) => {
      const at = (replacement: string) => `/${[...segments.slice(0, i), replacement, ...segments.slice(i + 1)].join('/')}`;
      const cased = literal.has(segment)
        ? [segment.toUpperCase(), segment[0].toUpperCase() + segment.slice(1)].map((s) => ({ how: `${s} for ${segment}`, path: at(s) }))
        : [];
      const inserted = ['./', '%2e/', '%2E/', 'x/../', 'x/%2e%2e/', 'x/.%2e/'].map((dots) => ({
        how: `${dots} before ${segment}`,
        path: at(dots + segment),
      }));
      return [
        ...cased,
        ...inserted,
        { how: `${segment};v=1`, path: at(`${segment};v=1`) },
        { how: `//${segment}`, path: at(`/${segment}`) },
      ];
    })
    .concat({ how: 'a trailing slash', path: `${path}/` });
}

describe('other spellings of every path are never served, even to a key that may call the route', () => {
  for (const route of routes) {
    it(`${route.method} ${route.pathTemplate}: letter case, dot segments and matrix parameters are 404 (or 405/400 where the segment lands on an id)`, async () => {
      const path = `${basePath}${mock.pathOf(route)}`;
      // Upload-complete's agent rule refuses before its path parameters are read (G03).
      const refusals = route.agentForbidden ? [400, 403, 404, 405] : [400, 404, 405];
      for (const variant of spellings(route, path)) {
        const answer = await sendAsWritten(route, variant.path, full());
        expect(refusals, `${variant.how}: ${answer.status} ${answer.body}`).toContain(answer.status);
      }
    });
  }
});

describe('the credential in another form or channel', () => {
  const mixedCase = 'bk_Variant_MixedCase_0123456789';
  beforeAll(() => {
    mock.server.app.mintKey({ scopes: mock.server.app.knownScopes, bucketIds: null, name: 'mixed-case' }, mixedCase);
  });

  for (const route of routes) {
    it(`${route.method} ${route.pathTemplate}: the token in other letter cases is 401; the scheme in any case is the same key`, async () => {
      const send = (authorization: string) =>
        mock.call(mock.pathOf(route), { method: route.method, headers: { authorization }, body: route.requestBody?.example });
      for (const token of [mixedCase.toUpperCase(), mixedCase.toLowerCase(), full().toUpperCase()]) {
        const answer = await send(`Bearer ${token}`);
        expect(answer.status).toBe(401);
        expect(answer.body.code).toBe('unauthenticated');
      }
      // A write's second call may meet its first one's result (409): only a read repeats its answer.
      const canonical = await send(`Bearer ${full()}`);
      for (const scheme of ['bearer', 'BEARER']) {
        const status = (await send(`${scheme} ${full()}`)).status;
        if (route.mutates) expect(status).not.toBe(401);
        else expect(status).toBe(canonical.status);
      }
    });

    it(`${route.method} ${route.pathTemplate}: no answer sets a cookie, and a cookie is no credential`, async () => {
      const answer = await mock.call(mock.pathOf(route), { method: route.method, key: full(), body: route.requestBody?.example });
      expect(answer.headers.get('set-cookie')).toBeNull();
      const cookie = ['bk_session', 'session', 'token', 'api_key', 'Authorization'].map((name) => `${name}=${full()}`).join('; ');
      const cookied = await mock.call(mock.pathOf(route), { method: route.method, headers: { cookie }, body: route.requestBody?.example });
      expect(cookied.status).toBe(401);
      expect(cookied.headers.get('set-cookie')).toBeNull();
    });
  }
});

describe("a write in a form's content type goes through every check in the usual order", () => {
  const FORM_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];
  // Upload-complete refuses every API-key client once the scope is held (G03).
  for (const route of routes.filter((r) => r.requestBody && !r.agentForbidden)) {
    it(`${route.method} ${route.pathTemplate}: without the scope 403, on a bucket outside bucketIds 404, else 400 naming the content type`, async () => {
      const send = (key: string, contentType: string, bucketId = mock.ids.allowed) =>
        mock.call(mock.pathOf(route, { bucketId }), {
          method: route.method,
          key,
          rawBody: JSON.stringify(route.requestBody!.example),
          headers: { 'content-type': contentType },
        });
      const unscoped = await mock.key(mock.server.app.knownScopes.filter((s) => s !== route.scope));
      for (const type of FORM_TYPES) {
        expect((await send(unscoped, type)).body).toMatchObject({ status: 403, code: 'insufficient_scope' });
        expect((await send(mock.server.app.presetKeys.restricted, type, mock.ids.other)).body).toMatchObject({ status: 404 });
        const refused = await send(full(), type);
        expect(refused.body).toMatchObject({ status: 400, code: 'invalid_request' });
        expect(refused.body.errors).toContainEqual(expect.objectContaining({ location: 'header', field: 'content-type' }));
      }
    });
  }
});
