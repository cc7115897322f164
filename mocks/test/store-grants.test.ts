// The store's maps of presigned grants stay bounded: expired download grants
// and uploads go once their grace period is over, spent uploads keep no bytes,
// and a full map drops its oldest entries. Bulk moves keep every index right,
// a store built in slices equals a direct build, and big buckets index fine.
import { describe, expect, it } from 'vitest';
import { WorldStore, type PendingUpload } from '../store/world-store.ts';
import { GRANT_GRACE_MS, MAX_DOWNLOAD_GRANTS, MAX_UPLOADS } from '../store/grant-books.ts';
import { addFile, moveFiles, trashFiles, restoreFiles } from '../store/file-mutations.ts';
import { generateWorld } from '../world/generate-world.ts';
import type { FileRecord } from '../world/world-types.ts';
import { prepareWorldStore } from '../store/prepare-store.ts';
import { BucketFiles } from '../store/bucket-files.ts';

const MINUTE = 60_000;

function storeWithClock(files = 50) {
  let now = Date.parse('2026-11-02T09:00:00Z');
  const store = new WorldStore(generateWorld({ seed: 3, files }), { now: () => now });
  return { store, advance: (ms: number) => void (now += ms), now: () => now };
}

function upload(store: WorldStore, n: number, expiresAtMs: number): PendingUpload {
  const bucket = [...store.buckets.values()][0];
  const value: PendingUpload = {
    uploadId: `upl_${n}`,
    fileId: `file_new${n}`,
    bucketId: bucket.bucket.id,
    path: `new/${n}.txt`,
    contentType: 'text/plain',
    size: 3,
    token: `t${n}`,
    expiresAtMs,
  };
  store.uploads.set(value.uploadId, value);
  bucket.reserved.set(value.path, value.uploadId);
  return value;
}

describe('download grants', () => {
  it('stay while valid and through the grace period, then go when the next grant is made', () => {
    const { store, advance, now } = storeWithClock();
    store.downloads.set('old', { fileId: 'f', disposition: 'attachment', expiresAtMs: now() + 15 * MINUTE });
    advance(15 * MINUTE + GRANT_GRACE_MS - 1);
    store.downloads.set('new', { fileId: 'f', disposition: 'attachment', expiresAtMs: now() + 15 * MINUTE });
    expect(store.downloads.has('old')).toBe(true);
    advance(2);
    store.downloads.set('newer', { fileId: 'f', disposition: 'attachment', expiresAtMs: now() + 15 * MINUTE });
    expect([...store.downloads.keys()]).toEqual(['new', 'newer']);
  });

  it(`never hold more than ${MAX_DOWNLOAD_GRANTS}: the oldest go first`, () => {
    const { store, now } = storeWithClock();
    for (let i = 0; i < MAX_DOWNLOAD_GRANTS + 500; i++)
      store.downloads.set(`t${i}`, { fileId: 'f', disposition: 'inline', expiresAtMs: now() + 15 * MINUTE });
    expect(store.downloads.size).toBe(MAX_DOWNLOAD_GRANTS);
    expect(store.downloads.has('t499')).toBe(false);
    expect(store.downloads.has('t500')).toBe(true);
  });

  it('without a clock, go only when the map is full', () => {
    const store = new WorldStore(generateWorld({ seed: 3, files: 10 }));
    store.downloads.set('a', { fileId: 'f', disposition: 'inline', expiresAtMs: 0 });
    store.downloads.set('b', { fileId: 'f', disposition: 'inline', expiresAtMs: 0 });
    expect(store.downloads.size).toBe(2);
  });
});

describe('uploads', () => {
  it('an expired, never used upload goes after the grace period and frees its path', () => {
    const { store, advance, now } = storeWithClock();
    const stale = upload(store, 1, now() + 15 * MINUTE);
    const bucket = store.buckets.get(stale.bucketId)!;
    advance(15 * MINUTE + GRANT_GRACE_MS + 1);
    upload(store, 2, now() + 15 * MINUTE);
    expect(store.uploads.has('upl_1')).toBe(false);
    expect(bucket.reserved.has(stale.path)).toBe(false);
    expect(bucket.reserved.get('new/2.txt')).toBe('upl_2');
  });

  it('a finished upload keeps no bytes but stays spent, so a second PUT is still refused', () => {
    const { store, now } = storeWithClock();
    const pending = upload(store, 1, now() + 15 * MINUTE);
    const bytes = new Uint8Array([1, 2, 3]);
    pending.received = bytes;
    const bucket = store.buckets.get(pending.bucketId)!;
    const file: FileRecord = { ...bucket.files.sorted.items[0], id: pending.fileId, path: pending.path, name: '1.txt', tags: [] };
    addFile(store, bucket, file, bytes);
    expect(store.uploads.get('upl_1')).toMatchObject({ finished: true });
    expect(store.uploads.get('upl_1')!.received!.length).toBe(0);
    expect(store.storedBytes.get(file.id)).toBe(bytes);
  });

  it('bytes waiting for upload-complete are kept past expiry', () => {
    const { store, advance, now } = storeWithClock();
    upload(store, 1, now() + 15 * MINUTE).received = new Uint8Array([1]);
    advance(15 * MINUTE + GRANT_GRACE_MS + 1);
    upload(store, 2, now() + 15 * MINUTE);
    expect(store.uploads.has('upl_1')).toBe(true);
  });

  it(`never hold more than ${MAX_UPLOADS}`, () => {
    const { store, now } = storeWithClock();
    for (let i = 0; i < MAX_UPLOADS + 10; i++) upload(store, i, now() + 15 * MINUTE);
    expect(store.uploads.size).toBe(MAX_UPLOADS);
    expect(store.uploads.has('upl_9')).toBe(false);
  });
});

describe('bulk changes keep the indexes right', () => {
  it('moving, trashing and restoring 100 files at once leaves each file in exactly one list, in path order', () => {
    const { store } = storeWithClock(2000);
    const [source, target] = [...store.buckets.values()];
    const names = new Set<string>();
    // Moved files keep their names, so pick files with distinct names.
    const picked = source.files.sorted.items.filter((f, i) => i % 3 === 0 && !names.has(f.name) && names.add(f.name)).slice(0, 100);
    expect(picked).toHaveLength(100);
    const tagged = picked.filter((f) => f.tags.length > 0).length;
    expect(tagged).toBeGreaterThan(0);
    expect('moved' in moveFiles(store, picked, target, 'bulk/', 1, 'now')).toBe(true);
    const audit = () => {
      for (const bucket of store.buckets.values()) {
        const paths = bucket.files.sorted.items.map((f) => f.path);
        expect(paths).toEqual([...paths].sort());
        expect(new Set(paths).size).toBe(paths.length);
        for (const file of bucket.files.sorted.items) expect(file.bucketId).toBe(bucket.bucket.id);
        for (const [tag, list] of bucket.files.byTag) {
          expect(list.items.length).toBeGreaterThan(0);
          expect(list.items.map((f) => f.path)).toEqual(bucket.files.sorted.items.filter((f) => f.tags.includes(tag)).map((f) => f.path));
        }
        expect(bucket.files.totalSize).toBe(bucket.files.sorted.items.reduce((sum, f) => sum + f.size, 0));
      }
    };
    audit();
    expect(picked.every((f) => target.files.at(f.path) === f && !source.files.has(f))).toBe(true);
    const entries = trashFiles(store, picked, 'now');
    audit();
    expect(picked.every((f) => !target.files.has(f))).toBe(true);
    expect('restored' in restoreFiles(store, target, entries, 1, 'now')).toBe(true);
    audit();
    expect(picked.every((f) => target.files.at(f.path) === f)).toBe(true);
  });
});

describe('a store prepared in slices', () => {
  it('is the same store the direct build gives', async () => {
    const direct = new WorldStore(generateWorld({ seed: 4, files: 5000 }));
    const sliced = await prepareWorldStore({ seed: 4, files: 5000 });
    const shape = (store: WorldStore) =>
      JSON.stringify({
        workspaces: store.workspaces,
        buckets: [...store.buckets.values()].map((b) => ({
          ...b,
          files: b.files.sorted.items,
          tags: [...b.files.byTag.keys()].sort(),
          trash: [...b.trash],
        })),
        ids: [...store.filesById.keys()].sort(),
      });
    expect(shape(sliced)).toBe(shape(direct));
  });

  it('lets timers run while it builds 100k files', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    let pauses = 0;
    try {
      await prepareWorldStore({ seed: 4, files: 100_000 }, {}, () => {
        pauses++;
        return new Promise((resolve) => setTimeout(resolve, 0));
      });
    } finally {
      clearInterval(timer);
    }
    expect(pauses).toBeGreaterThan(10);
    expect(ticks).toBeGreaterThan(5);
  }, 30_000);
});

describe('one large bucket', () => {
  it('indexes 400,000 files without overflowing the stack', () => {
    const template = generateWorld({ seed: 1, files: 1 }).files[0];
    const files = Array.from({ length: 400_000 }, (_, i) => ({ ...template, id: `file_${i}`, path: `p/${(i * 7919) % 400_000}.txt` }));
    const index = new BucketFiles(files);
    expect(index.count).toBe(400_000);
    expect(index.sorted.items[0].path < index.sorted.items[1].path).toBe(true);
  });
});
