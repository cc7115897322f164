// Builds a world and its store in slices, pausing between them, so a mock can
// prepare the next reset's world in the background while it keeps serving:
// a reset then swaps stores instead of stalling every client for the rebuild.
import { worldSteps, type WorldOptions } from '../world/generate-world.ts';
import type { FileRecord, World } from '../world/world-types.ts';
import { BucketFiles } from './bucket-files.ts';
import { WorldStore, type WorldStoreOptions } from './world-store.ts';

/** Longest stretch of work between two pauses. */
const SLICE_MS = 15;
const IDS_PER_STEP = 20_000;

/** Gives the event loop a turn (a macrotask, so timers and sockets run); works in browsers too. */
export const pauseForEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The same store as `new WorldStore(complete(generateWorld(world)), store)`,
 * built a slice at a time with `pause()` between slices of about 15 ms. A
 * bucket's sort is one slice (about 30 ms for 40k files). `complete` adds
 * what the generator does not make (the fixtures).
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
  for (const file of generated.files) {
    const list = byBucket.get(file.bucketId);
    if (list) list.push(file);
    else byBucket.set(file.bucketId, [file]);
  }
  const files = new Map<string, BucketFiles>();
  for (const bucket of generated.buckets) {
    await maybePause();
    files.set(bucket.id, new BucketFiles(byBucket.get(bucket.id) ?? []));
  }
  const filesById = new Map<string, FileRecord>();
  for (let i = 0; i < generated.files.length; i += IDS_PER_STEP) {
    await maybePause();
    for (const file of generated.files.slice(i, i + IDS_PER_STEP)) filesById.set(file.id, file);
  }
  return new WorldStore(generated, store, { files, filesById });
}
