// Builds a world and its store in slices, pausing between them, so a mock can
// prepare the next reset's world in the background while it keeps serving:
// a reset then swaps stores instead of stalling every client for the rebuild.
import { worldSteps, type WorldOptions } from '../world/generate-world.ts';
import type { FileRecord, World } from '../world/world-types.ts';
import { BucketFiles, tagFiles } from './bucket-files.ts';
import { byPath } from './sorted-files.ts';
import { sortInSlices } from './sliced-sort.ts';
import { WorldStore, type WorldStoreOptions } from './world-store.ts';

/** Longest stretch of work between two pauses. */
const SLICE_MS = 15;
const IDS_PER_STEP = 20_000;
const TAGGED_PER_STEP = 10_000;

/** Gives the event loop a turn (a macrotask, so timers and sockets run); works in browsers too. */
export const pauseForEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The same store as `new WorldStore(complete(generateWorld(world)), store)`,
 * built a slice at a time with `pause()` between slices of about 15 ms; a
 * bucket's files are sorted and tagged in slices too (at 500k files one bucket
 * holds 195k, a quarter of a second to sort at once). `complete` adds what the
 * generator does not make (the fixtures).
 */
export async function prepareWorldStore(
  world: WorldOptions,
  store: WorldStoreOptions = {},
  pause: () => Promise<void> = pauseForEventLoop,
  complete: (generated: World) => World = (generated) => generated,
): Promise<WorldStore> {
  let sliceStart = performance.now();
  const maybePause = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await pause();
    sliceStart = performance.now();
  };
  const steps = worldSteps(world);
  let step = steps.next();
  while (!step.done) {
    await maybePause();
    step = steps.next();
  }
  const generated = complete(step.value);
  const byBucket = new Map<string, FileRecord[]>();
  for (let i = 0; i < generated.files.length; i += IDS_PER_STEP) {
    await maybePause();
    for (const file of generated.files.slice(i, i + IDS_PER_STEP)) {
      const list = byBucket.get(file.bucketId);
      if (list) list.push(file);
      else byBucket.set(file.bucketId, [file]);
    }
  }
  const files = new Map<string, BucketFiles>();
  for (const bucket of generated.buckets) {
    const sorted = await sortInSlices(byBucket.get(bucket.id) ?? [], byPath, maybePause);
    const tagged = new Map<string, FileRecord[]>();
    let totalSize = 0;
    for (let i = 0; i < sorted.length; i += TAGGED_PER_STEP) {
      await maybePause();
      totalSize += tagFiles(sorted.slice(i, i + TAGGED_PER_STEP), tagged);
    }
    files.set(bucket.id, new BucketFiles({ sorted, tagged, totalSize }));
  }
  const filesById = new Map<string, FileRecord>();
  for (let i = 0; i < generated.files.length; i += IDS_PER_STEP) {
    await maybePause();
    for (const file of generated.files.slice(i, i + IDS_PER_STEP)) filesById.set(file.id, file);
  }
  return new WorldStore(generated, store, { files, filesById });
}
