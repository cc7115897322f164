// Unit tests of the route table and the route matcher, on a tiny hand-built
// spec where the real one is not the point, and on the real one where it is.
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../contract/load-spec.ts';
import type { ApiDocument } from '../contract/spec-refs.ts';
import { buildRouteTable, fillPath } from '../contract/route-table.ts';
import { createRouteMatcher } from '../contract/route-matcher.ts';

const ok = {
  '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, example: {} } } },
};
function tinySpec(paths: Record<string, unknown>): ApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas: { Thing: { type: 'object' } }, securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
  } as ApiDocument;
}
const get = (scope: string | string[], extra: Record<string, unknown> = {}) => ({
  operationId: 'op' + Math.random().toString(36).slice(2, 6),
  security: [{ apiKey: Array.isArray(scope) ? scope : [scope] }],
  responses: ok,
  ...extra,
});

describe('buildRouteTable', () => {
  it('reads method, scope, bucket scoping and mutation from the spec', () => {
    const [route] = buildRouteTable(tinySpec({ '/w/{workspaceId}/b/{bucketId}/x': { post: get('x:write') } }));
    expect(route).toMatchObject({
      method: 'POST',
      scope: 'x:write',
      scopeSource: 'seed',
      bucketScoped: true,
      workspaceScoped: true,
      mutates: true,
      successStatus: 200,
    });
  });

  it('marks a scope as assumed when the operation says x-scope-assumed', () => {
    const [route] = buildRouteTable(tinySpec({ '/a': { get: get('a:read', { 'x-scope-assumed': 'G05' }) } }));
    expect(route).toMatchObject({ scopeSource: 'assumed', scopeGap: 'G05', bucketScoped: false, mutates: false });
  });

  it('refuses an operation with two scopes or none', () => {
    expect(() => buildRouteTable(tinySpec({ '/a': { get: get(['a:read', 'b:read']) } }))).toThrow(/exactly one scope/);
    expect(() => buildRouteTable(tinySpec({ '/a': { get: { ...get('a:read'), security: [] } } }))).toThrow(/exactly one scope/);
  });

  it('refuses an operation without a documented success response', () => {
    expect(() => buildRouteTable(tinySpec({ '/a': { get: { ...get('a:read'), responses: { '404': { description: 'no' } } } } }))).toThrow(
      /no success/,
    );
  });
});

describe('the real route table', () => {
  const routes = loadRouteTable();

  it('has 21 routes with unique operation ids', () => {
    expect(routes).toHaveLength(21);
    expect(new Set(routes.map((r) => r.operationId)).size).toBe(21);
  });

  it('scopes every route but the two top-level listings to a bucket', () => {
    expect(routes.filter((r) => !r.bucketScoped).map((r) => r.operationId)).toEqual(['listWorkspaces', 'listBuckets']);
  });

  it('marks only upload-complete as forbidden to agents', () => {
    expect(routes.filter((r) => r.agentForbidden).map((r) => r.pathTemplate)).toEqual([
      '/workspaces/{workspaceId}/buckets/{bucketId}/files/upload-complete',
    ]);
  });

  it('documents 401 and 403 on every route', () => {
    for (const r of routes) expect(r.errorStatuses, r.operationId).toEqual(expect.arrayContaining([400, 401, 403, 404]));
  });
});

describe('createRouteMatcher', () => {
  const matcher = createRouteMatcher(loadRouteTable());
  const base = '/workspaces/ws_1/buckets/bkt_1';

  it('matches a path and extracts its parameters', () => {
    const m = matcher.match('GET', `${base}/files`);
    expect(m.kind).toBe('matched');
    if (m.kind === 'matched') expect(m.params).toEqual({ workspaceId: 'ws_1', bucketId: 'bkt_1' });
  });

  it('prefers a literal segment over a parameter', () => {
    const m = matcher.match('POST', `${base}/files/move`);
    expect(m.kind === 'matched' && m.route.operationId).toBe('moveFiles');
  });

  it('matches HEAD to the GET route of a path, and only where GET is', () => {
    const head = matcher.match('HEAD', `${base}/files`);
    expect(head.kind === 'matched' && head.route.operationId).toBe('listFiles');
    expect(matcher.match('head', '/workspaces')).toMatchObject({ kind: 'matched', route: { method: 'GET' } });
    expect(matcher.match('HEAD', `${base}/files/move`)).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
  });

  it('answers method-not-allowed with the allowed methods, HEAD beside GET', () => {
    expect(matcher.match('DELETE', `${base}/intelligence`)).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'HEAD', 'PATCH'] });
    expect(matcher.match('PATCH', `${base}/files/move`)).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
  });

  it('matches a file id through the parameter branch', () => {
    const m = matcher.match('PATCH', `${base}/files/file_9`);
    expect(m.kind === 'matched' && m.params.fileId).toBe('file_9');
  });

  it('finds nothing for unknown paths, trailing slashes and empty segments', () => {
    for (const path of ['/nope', '/workspaces/', `${base}/files/`, '/workspaces//buckets', 'workspaces'])
      expect(matcher.match('GET', path).kind, path).toBe('not-found');
  });

  it('decodes percent-encoding and reports broken encoding', () => {
    const m = matcher.match('GET', '/workspaces/ws%5F1/buckets');
    expect(m.kind === 'matched' && m.params.workspaceId).toBe('ws_1');
    expect(matcher.match('GET', '/workspaces/%E0%A4%A/buckets').kind).toBe('bad-path');
  });

  it('round-trips with fillPath', () => {
    for (const route of loadRouteTable()) {
      const path = fillPath(route.pathTemplate, { workspaceId: 'w', bucketId: 'b', fileId: 'f' });
      const m = matcher.match(route.method, path);
      expect(m.kind === 'matched' && m.route.operationId, path).toBe(route.operationId);
    }
  });
});
