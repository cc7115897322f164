// The mock's live world: the store built from the seeded world, a summary of
// what was generated, and a reset back to it. A spare store is prepared in the
// background (in short slices) so that a reset swaps stores instead of
// stalling every client while a large world is rebuilt. Without a spare (above
// SPARE_MAX_FILES, or right after a reset used it), a large world is rebuilt in
// slices too: the current world keeps serving until the new one replaces it.
import { DEFAULT_FILE_COUNT, DEFAULT_SEED, emptyWorld, generateWorld } from '../world/generate-world.ts';
import type { World } from '../world/world-types.ts';
import { WorldStore } from '../store/world-store.ts';
import { prepareWorldStore } from '../store/prepare-store.ts';

/** Up to this many files a spare store is kept ready; above, a second world would cost too much memory. */
const SPARE_MAX_FILES = 200_000;
/** Up to this many files a reset without a spare rebuilds at once (tens of milliseconds); above, in slices. */
const SYNC_REBUILD_MAX_FILES = 10_000;

export interface WorldState {
  readonly seed: number;
  readonly store: WorldStore;
  /** The seeded workspaces and buckets as generated. */
  readonly generated: Pick<World, 'seed' | 'workspaces' | 'buckets'>;
  /** Restores the seeded world: at once, or (a large world without a spare ready) when the promise settles. */
  reset(): void | Promise<void>;
  /** The live workspaces and their buckets, for GET /__mock/info. */
  describe(baseUrl: string): {
    baseUrl: string;
    seed: number;
    files: number;
    workspaces: { id: string; name: string; buckets: string[] }[];
  };
}

/** Generates the world once and keeps what a reset needs; `now` is the mock's clock (grants expire by it). */
export function createWorldState(
  seed = DEFAULT_SEED,
  files = DEFAULT_FILE_COUNT,
  origin: string | undefined,
  now: () => number,
): WorldState {
  const options = { seed, files, origin };
  const world = generateWorld(options);
  const generated = { seed, workspaces: world.workspaces.map((w) => ({ ...w })), buckets: world.buckets.map((b) => ({ ...b })) };
  // The store owns and mutates its world, so a reset starts from a fresh one.
  let store: WorldStore = new WorldStore(world, { now });
  let spare: WorldStore | undefined;
  // A store being built in slices: the next reset claims it, or it becomes the spare.
  let pending: Promise<WorldStore> | undefined;
  let resetting: Promise<void> | undefined;
  const prepareSpare = () => {
    if (files > SPARE_MAX_FILES || spare || pending || resetting) return;
    const building = prepareWorldStore(options, { now });
    pending = building;
    const keep = (ready?: WorldStore) => {
      if (pending !== building) return; // claimed by a reset
      pending = undefined;
      spare = ready;
    };
    building.then(keep, () => keep());
  };
  setTimeout(prepareSpare, 0);
  return {
    seed,
    generated,
    get store() {
      return store;
    },
    reset() {
      if (resetting) return resetting;
      if (spare) {
        store = spare;
        spare = undefined;
      } else if (files <= SYNC_REBUILD_MAX_FILES) {
        // Let the old world go before the new one is built, so two never live at once.
        store = new WorldStore(emptyWorld(seed), { now });
        store = new WorldStore(generateWorld(options), { now });
      } else {
        const building = pending ?? prepareWorldStore(options, { now });
        pending = undefined;
        resetting = building
          .then((ready) => {
            store = ready;
          })
          .finally(() => {
            resetting = undefined;
            prepareSpare();
          });
        return resetting;
      }
      prepareSpare();
    },
    describe: (baseUrl) => ({
      baseUrl,
      seed,
      files,
      workspaces: store.workspaces.map((w) => ({
        id: w.id,
        name: w.name,
        buckets: (store.bucketsOf.get(w.id) ?? []).map((b) => b.bucket.id),
      })),
    }),
  };
}
