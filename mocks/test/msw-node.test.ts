// MSW in Node: setupServer with the mock's handlers answers plain fetch to the
// mock's origin with the behaviour of the HTTP mock (keys, scopes, bucketIds,
// state, uploads, reset), and lets nothing else through.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createNodeMockHandlers, setupMockServer } from '../msw/node.ts';

// A made-up origin: if MSW did not answer, nothing on the network would.
const ORIGIN = 'http://api.bucketkit.test';
const mock = setupMockServer({ seed: 31337, files: 80, origins: [ORIGIN] });

const routes = loadRouteTable();
const route = (operationId: string): Route => routes.find((r) => r.operationId === operationId)!;
const readOnlyScopes = [...new Set(routes.filter((r) => !r.mutates).map((r) => r.scope))];
const allScopes = mock.app.knownScopes;
const [workspace] = mock.app.info().workspaces;
const [allowed, other] = workspace.buckets;

interface Answer {
  status: number;
  contentType: string | null;
  body: any;
}

async function call(
  operationId: string,
  ids: Record<string, string>,
  init: { token?: string; json?: unknown; query?: string } = {},
): Promise<Answer> {
  const r = route(operationId);
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const url = `${ORIGIN}/api/v1${fillPath(r.pathTemplate, { workspaceId: workspace.id, bucketId: allowed, ...ids })}${init.query ?? ''}`;
  const response = await fetch(url, { method: r.method, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), body: text ? JSON.parse(text) : null };
}

async function mintKey(scopes: readonly string[], bucketIds: readonly string[] | null): Promise<string> {
  const response = await fetch(`${ORIGIN}/__mock/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes, bucketIds }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.app.reset());
afterAll(() => mock.server.close());

describe('the MSW mock in Node (setupServer)', () => {
  it('mints a key over /__mock/keys and lists the seeded workspaces with it', async () => {
    const token = await mintKey(readOnlyScopes, null);

    const listed = await call('listWorkspaces', {}, { token });

    expect(listed.status).toBe(200);
    expect(listed.body.data.map((w: { id: string }) => w.id)).toEqual(mock.app.world.workspaces.map((w) => w.id));
    expect(listed.body.data[0].name).toBe(mock.app.world.workspaces[0].name);
  });

  it('refuses a key without the route scope with 403 insufficient_scope naming the scope, and changes nothing', async () => {
    const token = await mintKey(readOnlyScopes, null);
    const before = await call('listFiles', {}, { token });
    const file = before.body.data[0];

    const refused = await call('updateFile', { fileId: file.id }, { token, json: route('updateFile').requestBody!.example });

    expect(refused.status).toBe(403);
    expect(refused.contentType).toContain('application/problem+json');
    expect(refused.body).toMatchObject({
      type: 'urn:bucketkit:problem:insufficient_scope',
      status: 403,
      code: 'insufficient_scope',
      requiredScope: route('updateFile').scope,
    });
    expect(JSON.stringify(refused.body)).not.toContain(token);
    expect((await call('listFiles', {}, { token })).body.data[0]).toEqual(file);
  });

  it('answers 404 not_found for a bucket outside the key bucketIds, worded as for a missing bucket', async () => {
    const token = await mintKey(allScopes, [allowed]);

    const own = await call('listFiles', {}, { token });
    const foreign = await call('listFiles', { bucketId: other }, { token });
    const missing = await call('listFiles', { bucketId: 'bkt_missing' }, { token });

    expect(own.status).toBe(200);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 404, code: 'not_found' });
    expect(JSON.stringify(foreign.body).replaceAll(other, '{id}')).toBe(JSON.stringify(missing.body).replaceAll('bkt_missing', '{id}'));
  });

  it('keeps a tag and description change across later requests', async () => {
    const token = await mintKey(allScopes, null);
    const file = (await call('listFiles', {}, { token })).body.data[0];
    const change = route('updateFile').requestBody!.example as { tags: string[]; description: string };

    const updated = await call('updateFile', { fileId: file.id }, { token, json: change });
    const listed = await call('listFiles', {}, { token, query: `?tag=${encodeURIComponent(change.tags[0])}` });

    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: file.id, tags: change.tags, description: change.description });
    expect(listed.body.data.find((f: { id: string }) => f.id === file.id)).toMatchObject({
      tags: change.tags,
      description: change.description,
    });
  });

  it('runs the upload flow inside MSW: presign, PUT the bytes to the mock URL, list, download', async () => {
    const token = await mintKey(allScopes, null);
    const bytes = new TextEncoder().encode('bytes uploaded through MSW\n');
    const presigned = await call(
      'presignUpload',
      {},
      { token, json: { path: 'msw/notes/hello.txt', contentType: 'text/plain', size: bytes.length } },
    );
    expect(presigned.status).toBe(route('presignUpload').successStatus);
    expect(presigned.body.url.startsWith(`${ORIGIN}/__uploads/`)).toBe(true);

    const put = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: bytes });
    const listed = await call('listFiles', {}, { token, query: '?prefix=msw/notes/' });
    const link = await call('presignDownload', {}, { token, json: { fileId: presigned.body.fileId } });
    const downloaded = new Uint8Array(await (await fetch(link.body.url)).arrayBuffer());

    expect(put.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: presigned.body.fileId, path: 'msw/notes/hello.txt', size: bytes.length, status: 'ready' }),
    ]);
    expect(downloaded).toEqual(bytes);
  });

  it('restores the seeded world and forgets minted keys on POST /__mock/reset', async () => {
    const token = await mintKey(allScopes, null);
    const file = (await call('listFiles', {}, { token })).body.data[0];
    await call('updateFile', { fileId: file.id }, { token, json: route('updateFile').requestBody!.example });

    const reset = await fetch(`${ORIGIN}/__mock/reset`, { method: 'POST' });
    const refused = await call('listFiles', {}, { token });
    const fresh = await mintKey(allScopes, null);

    expect(reset.status).toBe(200);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('unauthenticated');
    expect((await call('listFiles', {}, { token: fresh })).body.data[0]).toEqual(file);
  });

  it('refuses a JSON body over 1 MiB with 413 payload_too_large, as the HTTP mock does', async () => {
    const token = await mintKey(allScopes, null);
    const file = (await call('listFiles', {}, { token })).body.data[0];

    const refused = await call('updateFile', { fileId: file.id }, { token, json: { description: 'x'.repeat(1024 * 1024) } });

    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('leaves every other path of the origin unhandled, so onUnhandledRequest: error rejects it', async () => {
    await expect(fetch(`${ORIGIN}/index.html`)).rejects.toThrow();
  });

  it('defaults to the origin of the spec server, and rejects an origin with a path', () => {
    expect(createNodeMockHandlers({ files: 10 }).origin).toBe(new URL(loadBundledSpec().servers![0].url).origin);
    expect(() => createNodeMockHandlers({ origins: ['http://127.0.0.1:4010/api/v1'] })).toThrow(/only a scheme, host and port/);
  });
});
