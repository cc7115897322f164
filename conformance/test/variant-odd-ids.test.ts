// The variant whose workspace and bucket ids hold ':', '.', '~', '@', '+', a
// space and non-ASCII letters: they round-trip through request paths
// (percent-encoded), JSON request bodies and every JSON answer, and an id sent
// with a raw space breaks the request line, as HTTP would anywhere.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf, listAll, type Call } from './support/variant-client.ts';
import { mapIds, oddBucketId, oddWorkspaceId } from './support/odd-ids.ts';

/** Sends raw bytes and returns the first line of the answer. */
function rawStatusLine(origin: string, head: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(text.split('\r\n')[0]));
    socket.on('error', reject);
    setTimeout(() => (socket.destroy(), resolve(text.split('\r\n')[0])), 2000);
  });
}

describe('odd workspace and bucket ids', () => {
  let variant: Variant;
  let call: Call;
  let token: string;
  let reals: string[];

  beforeAll(async () => {
    variant = await startVariant({ oddIds: true });
    call = clientOf(variant.baseUrl);
    token = variant.token('full');
    reals = [variant.real.workspaceId, variant.real.buckets.allowed, variant.real.buckets.other];
  });
  afterAll(async () => variant?.close());

  it('hands out public ids holding every odd character, distinct from the mock ids', () => {
    expect(variant.workspaceId).toBe(oddWorkspaceId(1));
    expect(variant.buckets).toEqual({ allowed: oddBucketId(1), other: oddBucketId(2) });
    for (const id of [variant.workspaceId, variant.buckets.allowed])
      for (const c of [':', '.', '~', '@', '+', ' ']) expect(id).toContain(c);
    expect([...variant.workspaceId].some((c) => c.charCodeAt(0) > 127)).toBe(true);
    expect(variant.config.keys.find((k) => k.name === 'restricted')?.bucketIds).toEqual([variant.buckets.allowed]);
  });

  it('lists workspaces, buckets and files under public ids only', async () => {
    const workspaces = await call('GET', '/workspaces', { token });
    expect(workspaces.status).toBe(200);
    expect(workspaces.json.data.map((w: any) => w.id)).toContain(variant.workspaceId);
    const buckets = await call('GET', `/workspaces/${encodeURIComponent(variant.workspaceId)}/buckets`, { token });
    expect(buckets.status).toBe(200);
    expect(buckets.json.data.map((b: any) => b.id)).toEqual(expect.arrayContaining([variant.buckets.allowed, variant.buckets.other]));
    const files = await listAll(call, `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/files`, token);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect([f.workspaceId, f.bucketId]).toEqual([variant.workspaceId, variant.buckets.allowed]);
    for (const text of [workspaces.text, buckets.text, JSON.stringify(files)]) for (const real of reals) expect(text).not.toContain(real);
  });

  it('maps public ids in JSON request bodies, and real ids inside answer strings (prose raw, URLs encoded)', async () => {
    const own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    const [file] = await listAll(call, `${own}/files`, token);
    const moved = await call('POST', `${own}/files/move`, {
      token,
      body: { fileIds: [file.id], destination: { bucketId: variant.buckets.other, prefix: 'odd/' } },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.moved[0]).toMatchObject({ id: file.id, bucketId: variant.buckets.other, path: `odd/${file.name}` });
    const there = await listAll(call, `${bucketPath(variant.workspaceId, variant.buckets.other)}/files?prefix=odd/`, token);
    expect(there.map((f) => f.id)).toEqual([file.id]);
    const missing = await call('PATCH', `${own}/files/file_absent`, { token, body: { tags: ['a'] } });
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toContain(variant.buckets.allowed);
    expect(missing.text).not.toContain(variant.real.buckets.allowed);

    const rule = mapIds(new Map([['bkt_real', 'bkt:ü x']]));
    const answer = await rule({ method: 'GET', url: '/api/v1/x', headers: {}, body: Buffer.alloc(0) }, async () => ({
      status: 302,
      headers: { location: '/api/v1/b/bkt_real/files', 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ instance: 'http://h/api/v1/b/bkt_real/x', detail: 'No bucket bkt_real.', id: 'bkt_real' })),
    }));
    expect(answer.headers.location).toBe('/api/v1/b/bkt%3A%C3%BC%20x/files');
    expect(JSON.parse(answer.body.toString())).toEqual({
      instance: 'http://h/api/v1/b/bkt%3A%C3%BC%20x/x',
      detail: 'No bucket bkt:ü x.',
      id: 'bkt:ü x',
    });
  });

  it('keeps bucketIds limits on public ids: the restricted key reaches its bucket only', async () => {
    const restricted = variant.token('restricted');
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/files`, { token: restricted })).status).toBe(
      200,
    );
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.other)}/files`, { token: restricted })).status).toBe(404);
    const minted = await variant.mintKey(['files:read'], [variant.buckets.other]);
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.other)}/files`, { token: minted })).status).toBe(200);
    // The real id is not an alias: the deployment knows only its public ids.
    expect((await call('GET', `/workspaces/${variant.real.workspaceId}/buckets`, { token })).status).toBe(404);
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.real.buckets.allowed)}/files`, { token })).status).toBe(404);
  });

  it('an id sent with a raw space breaks the request line: the HTTP server refuses it with 400', async () => {
    const path = `/api/v1/workspaces/${variant.workspaceId}/buckets`;
    const line = await rawStatusLine(variant.origin, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(line).toMatch(/^HTTP\/1\.1 400 /);
    const encoded = `/api/v1/workspaces/${encodeURIComponent(variant.workspaceId)}/buckets`;
    const ok = await rawStatusLine(
      variant.origin,
      `GET ${encoded} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
    );
    expect(ok).toBe('HTTP/1.1 200 OK');
  });
});
