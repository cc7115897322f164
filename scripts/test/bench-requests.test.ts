// The bench's requests come from the contract: routes by operationId, scopes from the spec, bodies from its examples.
import { describe, expect, it } from 'vitest';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import {
  PLACEHOLDER_AUTH,
  benchKeyScopes,
  buildLoadCases,
  cannedResponses,
  commonestTag,
  commonestTopFolder,
  findBenchRoutes,
} from '../bench/bench-requests.ts';

const doc = loadBundledSpec();
const routes = findBenchRoutes(loadRouteTable());
const ids = { workspaceId: 'ws_1', bucketId: 'bkt_1', prefix: 'reports/' };
const auth = { granted: 'Bearer granted', refused: 'Bearer refused' };

describe('bench requests', () => {
  it('finds list workspaces and list files in the route table', () => {
    expect(routes.listWorkspaces.method).toBe('GET');
    expect(routes.listFiles.pathTemplate).toContain('{bucketId}');
  });

  it('fails with the file to update when the contract loses an operation', () => {
    expect(() => findBenchRoutes(loadRouteTable().filter((r) => r.operationId !== 'listFiles'))).toThrow(
      /no operation "listFiles".*bench-requests\.ts/,
    );
  });

  it("grants the two routes' scopes and refuses with every other scope of the spec", () => {
    const scopes = benchKeyScopes(doc, routes);
    expect(scopes.granted).toEqual([routes.listWorkspaces.scope, routes.listFiles.scope]);
    expect(scopes.refused).not.toContain(routes.listFiles.scope);
    expect(scopes.refused).toContain(routes.listWorkspaces.scope);
  });

  it('sends the same three requests to the mock, with the prefix filter and a page of 100', () => {
    const cases = buildLoadCases('mock', routes, ids, auth);
    expect(cases.map((c) => [c.caseName, c.expectedStatus])).toEqual([
      ['list-workspaces', 200],
      ['list-files-prefix', 200],
      ['refused-scope', 403],
    ]);
    expect(cases[1].path).toBe('/workspaces/ws_1/buckets/bkt_1/files?prefix=reports%2F&limit=100');
    expect(cases[2].path).toBe(cases[1].path);
    expect(cases[2].headers).toEqual({ authorization: 'Bearer refused' });
  });

  it('asks Prism for its documented 403 with Prefer, since Prism checks no scopes', () => {
    const refused = buildLoadCases('prism', routes, ids, PLACEHOLDER_AUTH)[2];
    expect(refused.headers).toEqual({ authorization: PLACEHOLDER_AUTH.refused, prefer: 'code=403' });
    expect(refused.note).toMatch(/Prefer: code=403/);
  });

  it("gives the bare server the spec's own example bodies, keyed by URL and key", () => {
    const cases = buildLoadCases('bare', routes, ids, PLACEHOLDER_AUTH);
    const canned = cannedResponses(doc, routes, cases, '/api/v1');
    expect(canned.map((c) => [c.status, c.contentType])).toEqual([
      [200, 'application/json'],
      [200, 'application/json'],
      [403, 'application/problem+json'],
    ]);
    expect(JSON.parse(canned[0].body)).toEqual(routes.listWorkspaces.successExample);
    expect(JSON.parse(canned[1].body)).toEqual(routes.listFiles.successExample);
    expect(JSON.parse(canned[2].body)).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(canned[2].url).toBe(`/api/v1${cases[2].path}`);
    expect(canned[2].authorization).toBe(PLACEHOLDER_AUTH.refused);
  });

  it('picks the commonest top folder and tag, ties broken alphabetically', () => {
    expect(commonestTopFolder(['b/1', 'a/2', 'b/3', 'top-level.txt'])).toBe('b/');
    expect(commonestTopFolder(['b/1', 'a/2'])).toBe('a/');
    expect(commonestTag([['x', 'y'], ['y'], []])).toBe('y');
    expect(() => commonestTag([[], []])).toThrow(/no tags/);
  });
});
