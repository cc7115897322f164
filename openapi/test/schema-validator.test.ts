// The validator compiled from the spec: examples pass, broken input is named.
import { describe, expect, it } from 'vitest';
import { loadRouteTable, loadSchemaValidator } from '../contract/load-spec.ts';

const routes = loadRouteTable();
const validator = loadSchemaValidator();
const route = (id: string) => routes.find((r) => r.operationId === id)!;

describe('createSchemaValidator', () => {
  it.each(routes.map((r) => [r.operationId, r] as const))('accepts the spec example of %s', (_, r) => {
    expect(validator.validateResponse(r, r.successStatus, 'application/json; charset=utf-8', r.successExample)).toEqual([]);
    if (r.requestBody) expect(validator.validateRequestBody(r, r.requestBody.example)).toEqual([]);
  });

  it('names unknown and missing fields and broken patterns of a body', () => {
    const errors = validator.validateRequestBody(route('presignUpload'), { path: 'a/../b.txt', size: -1, colour: 'red' });
    expect(errors.map((e) => e.field).sort()).toEqual(['/colour', '/contentType', '/path', '/size']);
    expect(errors.every((e) => e.location === 'body')).toBe(true);
  });

  it.each(['/etc/passwd', 'a//b', '..', 'a/./b', 'a/..', 'x\u0000y'])('refuses the file path %j', (path) => {
    expect(validator.validateRequestBody(route('presignUpload'), { path, contentType: 'text/plain', size: 1 })).not.toEqual([]);
  });

  it('coerces and checks query values, refusing repeats and out-of-range limits', () => {
    const r = route('listFiles');
    const good = validator.validateParams(
      r,
      { workspaceId: 'ws_1', bucketId: 'bkt_1' },
      new URLSearchParams('limit=100&semantic=1&search=x'),
    );
    expect(good.errors).toEqual([]);
    expect(good.values).toMatchObject({ limit: 100, semantic: '1' });
    expect(validator.validateParams(r, { workspaceId: 'ws_1', bucketId: 'bkt_1' }, new URLSearchParams()).values.limit).toBe(50);
    const bad = validator.validateParams(
      r,
      { workspaceId: 'ws 1', bucketId: 'bkt_1' },
      new URLSearchParams('limit=0&semantic=yes&tag=a&tag=b'),
    );
    expect(bad.errors.map((e) => `${e.location}:${e.field}`).sort()).toEqual([
      'path:workspaceId',
      'query:limit',
      'query:semantic',
      'query:tag',
    ]);
  });

  it('refuses an undocumented status, a wrong content type and a body missing a field', () => {
    const r = route('listWorkspaces');
    expect(validator.validateResponse(r, 201, 'application/json', {})[0].field).toBe('status');
    expect(validator.validateResponse(r, 200, 'text/html', r.successExample)[0].field).toBe('content-type');
    expect(validator.validateResponse(r, 200, 'application/json', { data: [] })[0].field).toBe('/nextCursor');
    expect(
      validator.validateResponse(r, 401, 'application/problem+json', {
        type: 'x',
        title: 't',
        status: 401,
        code: 'unauthenticated',
        detail: 'd',
      }),
    ).toEqual([]);
  });
});
