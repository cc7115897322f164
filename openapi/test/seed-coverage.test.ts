// The bundled spec holds every route, scope and list parameter the seed states.
import { describe, expect, it } from 'vitest';
import { loadBundledSpec, loadRouteTable } from '../contract/load-spec.ts';
import { resolveRef } from '../contract/spec-refs.ts';
import { listScopes } from '../contract/route-table.ts';
import { seedEndpoints, seedListFileParams, seedScopes } from './seed-tables.ts';

// G02: the seed's "..." stands for the part of this prefix that the shape does
// not spell out itself. This is the one decision this test must know.
const BUCKET_PREFIX = '/workspaces/{workspaceId}/buckets/{bucketId}';
function expandShape(shape: string): string {
  if (!shape.startsWith('...')) return shape;
  const rest = shape.slice(3);
  const segments = BUCKET_PREFIX.split('/');
  for (let i = 1; i < segments.length; i++) {
    const tail = segments.slice(i).join('/');
    if (rest.startsWith(`/${tail}/`)) return segments.slice(0, i).join('/') + rest;
  }
  return BUCKET_PREFIX + rest;
}
const SCOPE_NAME = /^[a-z]+:[a-z]+$/;

describe('the spec against the seed', () => {
  const routes = loadRouteTable();
  const endpoints = seedEndpoints();

  it('reads 21 endpoints from the seed table', () => {
    expect(endpoints).toHaveLength(21);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.pathShape}`, e] as const))('has %s with the seed scope', (_, endpoint) => {
    const path = expandShape(endpoint.pathShape);
    const route = routes.find((r) => r.method === endpoint.method && r.pathTemplate === path);
    expect(route, `${endpoint.method} ${path}`).toBeDefined();
    if (SCOPE_NAME.test(endpoint.scopeCell)) {
      expect(route!.scope).toBe(endpoint.scopeCell);
      expect(route!.scopeSource).toBe('seed');
    } else {
      // The seed leaves this route's scope open: the spec must mark its choice.
      expect(route!.scopeSource).toBe('assumed');
      expect(route!.scopeGap).toMatch(/^G\d{2}$/);
    }
  });

  it('has no route the seed does not list', () => {
    const seedKeys = new Set(endpoints.map((e) => `${e.method} ${expandShape(e.pathShape)}`));
    expect(routes.map((r) => `${r.method} ${r.pathTemplate}`).filter((k) => !seedKeys.has(k))).toEqual([]);
  });

  it('registers exactly the seed scopes as seed scopes, and marks every other scope as assumed', () => {
    const scopes = listScopes(loadBundledSpec());
    expect(scopes.filter((s) => s.source === 'seed').map((s) => s.scope)).toEqual(seedScopes());
    for (const s of scopes.filter((s) => s.source === 'assumed')) expect(s.gap).toMatch(/^G\d{2}$/);
    const known = new Set(scopes.map((s) => s.scope));
    for (const route of routes) expect(known.has(route.scope), route.scope).toBe(true);
  });

  it('gives GET .../files the four seed query parameters, all optional', () => {
    const listFiles = routes.find((r) => r.method === 'GET' && r.pathTemplate.endsWith('/files'))!;
    for (const param of seedListFileParams()) {
      const found = listFiles.queryParams.find((p) => p.name === param.name);
      expect(found, param.name).toBeDefined();
      expect(found!.required).toBe(false);
      expect(found!.assumedGap).toBeUndefined();
      // The flag as sent ('1') and as a typed client may hold it (1).
      if (param.type === 'the flag value 1') expect(found!.schema.enum).toEqual(['1', 1]);
      else expect(found!.schema.type ?? resolveRef<{ type: string }>(loadBundledSpec(), found!.schema).type).toBe(param.type);
    }
  });

  it('states the seed base path /api/v1 in its server URL', () => {
    for (const server of loadBundledSpec().servers ?? []) expect(server.url).toMatch(/\/api\/v1$/);
  });
});
