// Variants whose uploads do not end as the seed's flow says: presign and PUT
// succeed but the file never becomes a ready, listed file; and the mock's
// `upload-needs-complete` fault, where only POST .../upload-complete makes it one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUploadNeedsCompleteVariant, startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf, listAll, uploadText, type Call } from './support/variant-client.ts';
import { uploadsNeverReady } from './support/upload-variants.ts';
import type { Rule } from './support/loopback-proxy.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('uploads that never become ready', () => {
  let variant: Variant;
  let call: Call;
  let own: string;
  let rule: Rule = uploadsNeverReady();
  beforeAll(async () => {
    variant = await startVariant({ rules: [(request, forward) => rule(request, forward)] });
    call = clientOf(variant.baseUrl);
    own = bucketPath(variant.workspaceId, variant.buckets.allowed);
  });
  afterAll(async () => variant?.close());

  it('absent: presign and PUT succeed, and the file is in no listing, then or later', async () => {
    rule = uploadsNeverReady();
    const token = variant.token('full');
    const { presign, putStatus, putBody } = await uploadText(call, own, token, 'never/a.txt');
    expect(putStatus).toBe(200);
    expect(JSON.parse(putBody)).toMatchObject({ id: presign.fileId, status: 'ready' });
    for (const wait of [0, 300]) {
      await sleep(wait);
      expect(await listAll(call, `${own}/files?prefix=never/`, token)).toEqual([]);
      expect((await listAll(call, `${own}/files`, token, 50)).map((f) => f.id)).not.toContain(presign.fileId);
    }
  });

  it('processing: listed with a status that is never ready, and never under its own path', async () => {
    rule = uploadsNeverReady({ mode: 'processing' });
    const token = variant.token('full');
    const { presign, putStatus } = await uploadText(call, own, token, 'never/b.txt');
    expect(putStatus).toBe(200);
    await sleep(200);
    const everything = await listAll(call, `${own}/files`, token, 25);
    expect(everything.find((f) => f.id === presign.fileId)).toMatchObject({ status: 'processing' });
    expect(everything.filter((f) => f.status === 'ready').map((f) => f.id)).not.toContain(presign.fileId);
    expect(await listAll(call, `${own}/files?prefix=never/b.txt`, token)).toEqual([]);
    expect(() => uploadsNeverReady({ mode: 'later' as never })).toThrow(/mode/);
  });
});

describe('uploads that need upload-complete (the mock fault)', () => {
  let variant: Variant;
  beforeAll(async () => {
    variant = await startUploadNeedsCompleteVariant();
  });
  afterAll(async () => variant?.close());

  it('keeps the bytes waiting after the PUT, and lists the file only after POST .../upload-complete', async () => {
    const call = clientOf(variant.baseUrl);
    const own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    const token = variant.token('full');
    const active = (await (await fetch(`${variant.mock.origin}/__mock/faults`)).json()) as { faults: string[] };
    expect(active.faults).toEqual(['upload-needs-complete']);
    const { presign, putStatus, putBody } = await uploadText(call, own, token, 'complete/a.txt');
    expect(putStatus).toBe(200);
    expect(JSON.parse(putBody)).toEqual({ uploadId: presign.uploadId, status: 'received' });
    expect(await listAll(call, `${own}/files?prefix=complete/`, token)).toEqual([]);
    const completed = await call('POST', `${own}/files/upload-complete`, { token, body: { uploadId: presign.uploadId } });
    expect(completed.status).toBe(200);
    expect(completed.json).toMatchObject({ id: presign.fileId, status: 'ready', path: 'complete/a.txt' });
    expect((await listAll(call, `${own}/files?prefix=complete/`, token)).map((f) => f.id)).toEqual([presign.fileId]);
  });
});
