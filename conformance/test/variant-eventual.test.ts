// The eventually consistent variant: writes are answered at once, but the file
// and trash listings show them only after a seeded delay (300-500 ms by default), on every page
// and under every filter, and a fresh upload's id is unknown until then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf, listAll, uploadText, type Call } from './support/variant-client.ts';
import { eventualListings, type EventualListings } from './support/eventual-listings.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `probe` every 20 ms until it holds; returns the ms waited (from `since`). */
async function msUntil(since: number, probe: () => Promise<boolean>, limitMs = 3000): Promise<number> {
  while (performance.now() - since < limitMs) {
    if (await probe()) return performance.now() - since;
    await sleep(20);
  }
  throw new Error(`not seen within ${limitMs} ms`);
}

describe('eventual listings', () => {
  // Two variants: the default 300-500 ms window for the timing, and a 1.2-1.4 s one where a test makes many requests
  // inside the window (a loaded machine must not end the window before the test has looked).
  let variant: Variant;
  let eventual: EventualListings;
  let slow: Variant;
  let call: Call;
  let slowCall: Call;
  let token: string;
  let own: string;
  let slowOwn: string;
  let slowOther: string;
  let slowToken: string;
  const ids = (items: any[]) => items.map((f) => f.id ?? f.fileId);

  beforeAll(async () => {
    [variant, slow] = await Promise.all([
      startVariant({
        rules: (context) => {
          eventual = eventualListings({ observerToken: context.fullToken, seed: 11 });
          return [eventual.rule];
        },
      }),
      startVariant({ rules: (context) => [eventualListings({ observerToken: context.fullToken, delayMs: [1200, 1400] }).rule] }),
    ]);
    call = clientOf(variant.baseUrl);
    slowCall = clientOf(slow.baseUrl);
    token = variant.token('full');
    slowToken = slow.token('full');
    own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    slowOwn = bucketPath(slow.workspaceId, slow.buckets.allowed);
    slowOther = bucketPath(slow.workspaceId, slow.buckets.other);
  });
  afterAll(async () => Promise.all([variant?.close(), slow?.close()]));

  /** A seeded file of the slow variant's allowed bucket that no earlier test touched. */
  const pickFile = async (index: number) =>
    (await listAll(slowCall, `${slowOwn}/files`, slowToken)).filter((f) => !f.path.startsWith('ev/'))[index];

  it('hides a fresh upload from listings for at least 300 ms, then lists it (default 300-500 ms window)', async () => {
    const { presign, putStatus } = await uploadText(call, own, token, 'ev/upload/a.txt');
    const putAt = performance.now();
    expect(putStatus).toBe(200);
    expect(new URL(presign.url).origin).toBe(variant.origin);
    expect(ids(await listAll(call, `${own}/files?prefix=ev/upload/`, token))).toEqual([]);
    const waited = await msUntil(putAt, async () =>
      ids(await listAll(call, `${own}/files?prefix=ev/upload/`, token)).includes(presign.fileId),
    );
    expect(waited).toBeGreaterThanOrEqual(295);
    expect(waited).toBeLessThan(1000);
    expect((await call('PATCH', `${own}/files/${presign.fileId}`, { token, body: { tags: ['x'] } })).status).toBe(200);
    expect(eventual.pendingCount()).toBe(1);
    await sleep(520);
    expect(eventual.pendingCount()).toBe(0);
  });

  it('keeps a fresh upload off every page and its id unknown to file routes until it is listed', async () => {
    const { presign, putStatus } = await uploadText(slowCall, slowOwn, slowToken, 'ev/upload/b.txt');
    expect(putStatus).toBe(200);
    expect(ids(await listAll(slowCall, `${slowOwn}/files`, slowToken, 17))).not.toContain(presign.fileId);
    const patch = await slowCall('PATCH', `${slowOwn}/files/${presign.fileId}`, { token: slowToken, body: { tags: ['x'] } });
    expect(patch.status).toBe(404);
    expect(patch.json).toMatchObject({ status: 404, code: 'not_found' });
    const download = await slowCall('POST', `${slowOwn}/files/presign-download`, { token: slowToken, body: { fileId: presign.fileId } });
    expect(download.status).toBe(404);
  });

  it("keeps showing a file's old tags and description until a PATCH settles, under every filter", async () => {
    const file = await pickFile(0);
    const patched = await slowCall('PATCH', `${slowOwn}/files/${file.id}`, {
      token: slowToken,
      body: { tags: ['zebraword'], description: 'Quokka notes' },
    });
    const at = performance.now();
    expect(patched.status).toBe(200);
    expect(patched.json.tags).toEqual(['zebraword']);
    const list = (query: string) => listAll(slowCall, `${slowOwn}/files?${query}`, slowToken);
    const [listed] = await list(`prefix=${encodeURIComponent(file.path)}`);
    expect(listed).toMatchObject({ id: file.id, tags: file.tags, description: file.description });
    expect(await list('tag=zebraword')).toEqual([]);
    expect(await list('search=quokka')).toEqual([]);
    expect(await list('search=zebraword&semantic=1')).toEqual([]);
    expect(ids(await list(`tag=${file.tags[0]}`))).toContain(file.id);
    const waited = await msUntil(at, async () => ids(await list('tag=zebraword')).includes(file.id));
    expect(waited).toBeGreaterThanOrEqual(1195);
    const [ranked] = await list('search=zebraword&semantic=1');
    expect(ranked).toMatchObject({ id: file.id, description: 'Quokka notes', score: 1 });
    expect(ids(await list('search=quokka'))).toEqual([file.id]);
  });

  it('serves every page of the old listing while a trash or restore settles, then the new one, with no item twice', async () => {
    const files = (limit = 1000) => listAll(slowCall, `${slowOwn}/files`, slowToken, limit);
    const trash = (limit = 1000) => listAll(slowCall, `${slowOwn}/trash`, slowToken, limit);
    const before = await files();
    const trashBefore = await trash();
    const victim = before[Math.floor(before.length / 2)];
    const trashed = await slowCall('POST', `${slowOwn}/files/trash`, { token: slowToken, body: { fileIds: [victim.id] } });
    const at = performance.now();
    expect(trashed.status).toBe(200);
    expect(ids(await files(7))).toEqual(ids(before));
    expect(ids(await trash(3))).toEqual(ids(trashBefore));
    await msUntil(at, async () => !ids(await files()).includes(victim.id));
    expect(performance.now() - at).toBeGreaterThanOrEqual(1195);
    expect(ids(await files(7))).toEqual(ids(before).filter((id) => id !== victim.id));
    expect(ids(await trash(3))).toEqual([victim.id, ...ids(trashBefore)]);

    const restored = await slowCall('PATCH', `${slowOwn}/trash`, { token: slowToken, body: { restore: [victim.id] } });
    const restoredAt = performance.now();
    expect(restored.status).toBe(200);
    expect(ids(await trash(3))).toContain(victim.id);
    expect(ids(await files(7))).not.toContain(victim.id);
    const waited = await msUntil(restoredAt, async () => ids(await files()).includes(victim.id));
    expect(waited).toBeGreaterThanOrEqual(1195);
    expect(ids(await trash())).not.toContain(victim.id);
  });

  it('shows a moved file at its old place, and not at the new one, until the move settles', async () => {
    const file = await pickFile(1);
    const moved = await slowCall('POST', `${slowOwn}/files/move`, {
      token: slowToken,
      body: { fileIds: [file.id], destination: { bucketId: slow.buckets.other, prefix: 'ev/moved/' } },
    });
    const at = performance.now();
    expect(moved.status).toBe(200);
    expect(moved.json.moved[0]).toMatchObject({ id: file.id, bucketId: slow.buckets.other });
    expect(ids(await listAll(slowCall, `${slowOwn}/files`, slowToken))).toContain(file.id);
    expect(await listAll(slowCall, `${slowOther}/files?prefix=ev/moved/`, slowToken)).toEqual([]);
    const waited = await msUntil(at, async () =>
      ids(await listAll(slowCall, `${slowOther}/files?prefix=ev/moved/`, slowToken)).includes(file.id),
    );
    expect(waited).toBeGreaterThanOrEqual(1195);
    expect(ids(await listAll(slowCall, `${slowOwn}/files`, slowToken))).not.toContain(file.id);
  });

  it('leaves refused writes, bad queries and unknown cursors to the server', async () => {
    const [file] = await listAll(call, `${own}/files`, token);
    const refused = await call('PATCH', `${own}/files/${file.id}`, { token: variant.token('readonly'), body: { tags: ['nope'] } });
    expect(refused.status).toBe(403);
    expect(eventual.pendingCount()).toBe(0);
    expect((await call('GET', `${own}/files?limit=5000`, { token })).status).toBe(400);
    expect((await call('GET', `${own}/files?cursor=not-a-cursor`, { token })).status).toBe(400);
    expect((await call('GET', `${own}/files?semantic=1`, { token })).status).toBe(400);
    // Undecodable query bytes reach the server as sent, with or without one of the proxy's cursors.
    expect((await call('GET', `${own}/files?prefix=%FF%FE`, { token })).status).toBe(400);
    const { nextCursor } = (await call('GET', `${own}/files?limit=2`, { token })).json;
    expect(nextCursor).toEqual(expect.any(String));
    expect((await call('GET', `${own}/files?limit=2&cursor=${encodeURIComponent(nextCursor)}`, { token })).status).toBe(200);
    expect((await call('GET', `${own}/files?limit=2&prefix=%FF%FE&cursor=${encodeURIComponent(nextCursor)}`, { token })).status).toBe(400);
  });
});
