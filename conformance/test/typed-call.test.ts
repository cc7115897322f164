// A user's own test calls an operation by its operationId: the request is built from the contract (the run's
// workspace and bucket, the path parameters it names, the query as strings), and what the types refuse is refused
// at run time too, naming the operation; a key the config lacks is named with the ones it has.
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { keyClients } from '../playwright/key-clients.ts';
import { typedCallRequest } from '../playwright/typed-call.ts';

const route = (id: string) => loadRouteTable().find((r) => r.operationId === id)!;
const settings = { workspaceId: 'ws 1', buckets: { allowed: 'bkt_a', other: 'bkt_b' } } as RunSettings;
const auth = { key: 'full' };

describe('call(operationId, options)', () => {
  it('fills the run workspace, the bucket of its role or id, the path parameters named, the query as strings', () => {
    expect(typedCallRequest(route('listFiles'), settings, { query: { prefix: 'a/', limit: 2, tag: undefined } }, auth)).toEqual({
      method: 'GET',
      path: '/workspaces/ws%201/buckets/bkt_a/files',
      query: { prefix: 'a/', limit: '2' },
      json: undefined,
      auth,
    });
    const patch = typedCallRequest(route('updateFile'), settings, { bucket: { id: 'bkt x' }, fileId: 'f/1', json: { tags: [] } }, auth);
    expect([patch.method, patch.path, patch.json]).toEqual(['PATCH', '/workspaces/ws%201/buckets/bkt%20x/files/f%2F1', { tags: [] }]);
    expect(typedCallRequest(route('listBuckets'), settings, {}, auth).path).toBe('/workspaces/ws%201/buckets');
  });

  it('refuses a missing path parameter, an option the operation does not take and a required body left out', () => {
    expect(() => typedCallRequest(route('updateFile'), settings, { json: { tags: [] } }, auth)).toThrow(
      'updateFile needs fileId, a non-empty string (its path is /workspaces/{workspaceId}/buckets/{bucketId}/files/{fileId}).',
    );
    expect(() => typedCallRequest(route('listWorkspaces'), settings, { bucket: 'allowed', fileid: 'x' }, auth)).toThrow(
      'listWorkspaces takes no option "bucket", "fileid"; its options: query.',
    );
    expect(() => typedCallRequest(route('listFiles'), settings, { bucket: 'mine' as never }, auth)).toThrow(/bucket must be/);
    const needsBody = loadRouteTable().find((r) => r.requestBody?.required && r.pathParams.every((p) => p.name !== 'fileId'))!;
    expect(() => typedCallRequest(needsBody, settings, {}, auth)).toThrow(
      `${needsBody.operationId} needs json: its request body is required.`,
    );
  });
});

describe('keys', () => {
  const keys = keyClients(['full', 'restricted'], (name) => ({ name }));

  it('gives the client of each declared key', () => {
    expect(keys.restricted).toEqual({ name: 'restricted' });
  });

  it('a key the config does not declare throws, naming the ones it does; awaiting or printing the object does not', async () => {
    expect(() => keys.readOnly).toThrow(`keys.readOnly: the deployment's config has no key "readOnly"; its keys: full, restricted.`);
    expect(await Promise.resolve(keys)).toBe(keys);
    expect(JSON.stringify(keys)).toBe('{"full":{"name":"full"},"restricted":{"name":"restricted"}}');
    expect(String(Object.keys(keys))).toBe('full,restricted');
  });
});
