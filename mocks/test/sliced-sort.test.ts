// The background world builder sorts and tags a bucket's files in slices: the
// result equals a sort at once (stable, across run boundaries), the input is
// left alone, and the bucket indexes it builds equal a direct build's.
import { describe, expect, it } from 'vitest';
import { sortInSlices } from '../store/sliced-sort.ts';
import { prepareWorldStore } from '../store/prepare-store.ts';
import { WorldStore } from '../store/world-store.ts';
import { generateWorld } from '../world/generate-world.ts';

/** A deterministic shuffle of 0..n-1 keys, many of them equal (key = i mod 97), tagged with their first position. */
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ key: (i * 7919) % 97, at: i }));
const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

describe('sortInSlices', () => {
  it.each([0, 1, 2, 8191, 8192, 8193, 3 * 8192 + 5, 50_000])(
    'sorts %i items like a sort at once, stably, pausing between slices',
    async (n) => {
      const input = items(n);
      const before = input.map((x) => x.at);
      let pauses = 0;
      const sorted = await sortInSlices(input, byKey, async () => void pauses++);
      expect(sorted).toEqual(input.slice().sort(byKey));
      // Equal keys keep their first positions in order.
      for (let i = 1; i < sorted.length; i++)
        if (sorted[i].key === sorted[i - 1].key) expect(sorted[i].at).toBeGreaterThan(sorted[i - 1].at);
      expect(input.map((x) => x.at)).toEqual(before);
      if (n > 8192) expect(pauses).toBeGreaterThan(n / 8192);
    },
  );
});

describe('a store prepared in slices', () => {
  it('has the same tag lists and totals in every bucket as a direct build', async () => {
    const direct = new WorldStore(generateWorld({ seed: 9, files: 30_000 }));
    const sliced = await prepareWorldStore({ seed: 9, files: 30_000 });
    const indexes = (store: WorldStore) =>
      [...store.buckets.values()].map((b) => ({
        total: b.files.totalSize,
        sorted: b.files.sorted.items.map((f) => f.id),
        tags: [...b.files.byTag].map(([tag, list]) => [tag, list.items.map((f) => f.id)]).sort(),
      }));
    expect(indexes(sliced)).toEqual(indexes(direct));
  }, 30_000);
});
