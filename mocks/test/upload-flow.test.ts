// The upload flow end to end over real HTTP: presign-upload, PUT the bytes to
// the mock's own URL, the file appears without upload-complete, and
// presign-download serves the same bytes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../core/clock.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';

const clock = manualClock();
let mock: MockClient;
let full: string;
let base: string;
const bytes = new TextEncoder().encode('quarter,revenue\nq4,1200000\n');

const presign = (path: string, extra: Record<string, unknown> = {}) =>
  mock.call(`${base}/files/presign-upload`, { key: full, body: { path, contentType: 'text/csv', size: bytes.length, ...extra } });
const put = (url: string, body: Uint8Array | string, contentType = 'text/csv') =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: body as BodyInit });

beforeAll(async () => {
  mock = await startMockClient({ clock });
  full = mock.server.app.presetKeys.full;
  base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
});
afterAll(() => mock.close());

describe('upload flow', () => {
  it('finalises the file when the bytes arrive, with no upload-complete call, and serves them back', async () => {
    const offer = await presign('uploads/q4.csv');
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({
      path: 'uploads/q4.csv',
      method: 'PUT',
      headers: { 'Content-Type': 'text/csv' },
      size: bytes.length,
    });
    expect(offer.body.url.startsWith(`${mock.server.origin}/__uploads/`)).toBe(true);
    expect((await mock.call(`${base}/files?prefix=uploads/`, { key: full })).body.data).toEqual([]);

    const stored = await put(offer.body.url, bytes);
    expect(stored.status).toBe(200);
    const listed = (await mock.call(`${base}/files?prefix=uploads/`, { key: full })).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: offer.body.fileId,
      status: 'ready',
      size: bytes.length,
      contentType: 'text/csv',
      name: 'q4.csv',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });

    const download = await mock.call(`${base}/files/presign-download`, { key: full, body: { fileId: offer.body.fileId } });
    expect(download.status).toBe(200);
    const served = await fetch(download.body.url);
    expect(served.headers.get('content-type')).toBe('text/csv');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('reserves the path: a second presign-upload of it is 409', async () => {
    expect((await presign('uploads/reserved.csv')).status).toBe(201);
    const again = await presign('uploads/reserved.csv');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
  });

  it('checks token, content type, size and sha256 of the PUT', async () => {
    const offer = await presign('uploads/checked.csv', { sha256: createHash('sha256').update(bytes).digest('hex') });
    const url = new URL(offer.body.url);
    expect((await put(`${url.origin}${url.pathname}?token=wrong`, bytes)).status).toBe(404);
    expect((await put(offer.body.url, bytes, 'text/plain')).status).toBe(400);
    expect((await put(offer.body.url, bytes.slice(1))).status).toBe(400);
    const tampered = Uint8Array.from(bytes);
    tampered[0] ^= 1;
    expect((await put(offer.body.url, tampered)).status).toBe(400);
    expect((await mock.call(`${base}/files?prefix=uploads/checked`, { key: full })).body.data).toEqual([]);
    expect((await put(offer.body.url, bytes)).status).toBe(200);
    expect((await put(offer.body.url, bytes)).status).toBe(409);
  });

  it('refuses a PUT after the URL expired', async () => {
    const offer = await presign('uploads/late.csv');
    clock.advance(16 * 60 * 1000);
    const late = await put(offer.body.url, bytes);
    expect(late.status).toBe(403);
    expect((await late.json()).detail).toContain('expired');
  });

  it('refuses uploads over 64 MiB with 413', async () => {
    const big = await presign('uploads/huge.bin', { size: 64 * 1024 * 1024 + 1, contentType: 'application/octet-stream' });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payload_too_large');
  });

  it('refuses upload-complete to every API-key client, naming the seed rule', async () => {
    const offer = await presign('uploads/agent.csv');
    const answer = await mock.call(`${base}/files/upload-complete`, { key: full, body: { uploadId: offer.body.uploadId } });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('agent_upload_complete_forbidden');
    expect(answer.body.detail).toMatch(/agent HTTP client must not POST to the upload-complete endpoint/);
  });

  it('serves deterministic bytes of the declared size for seeded files, and nothing once trashed', async () => {
    const [file] = (await mock.call(`${base}/files?limit=1`, { key: full })).body.data;
    const grant = async () =>
      (await mock.call(`${base}/files/presign-download`, { key: full, body: { fileId: file.id } })).body.url as string;
    const first = new Uint8Array(await (await fetch(await grant())).arrayBuffer());
    const second = new Uint8Array(await (await fetch(await grant())).arrayBuffer());
    expect(first.length).toBe(file.size);
    // Compared by digest: a deep equality over 100k+ elements is slow.
    const digest = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(digest(first)).toBe(digest(second));
    const url = await grant();
    await mock.call(`${base}/files/trash`, { key: full, body: { fileIds: [file.id] } });
    expect((await fetch(url)).status).toBe(404);
    expect((await mock.call(`${base}/files/presign-download`, { key: full, body: { fileId: file.id } })).status).toBe(404);
  });
});
