// The mock's live world: the store built from the seeded world, a summary of
// what was generated, and a reset back to it.
import { DEFAULT_FILE_COUNT, DEFAULT_SEED, generateWorld } from '../world/generate-world.ts';
import type { World } from '../world/world-types.ts';
import { WorldStore } from '../store/world-store.ts';

/** Up to this many files, reset clones a kept copy of the world; above, it regenerates it from the seed. */
const CLONE_RESET_MAX_FILES = 20_000;

export interface WorldState {
  readonly seed: number;
  readonly store: WorldStore;
  /** The seeded workspaces and buckets as generated. */
  readonly generated: Pick<World, 'seed' | 'workspaces' | 'buckets'>;
  /** Restores the seeded world. */
  reset(): void;
  /** The live workspaces and their buckets, for GET /__mock/info. */
  describe(baseUrl: string): {
    baseUrl: string;
    seed: number;
    files: number;
    workspaces: { id: string; name: string; buckets: string[] }[];
  };
}

/** Generates the world once and keeps what a reset needs. */
export function createWorldState(seed = DEFAULT_SEED, files = DEFAULT_FILE_COUNT, origin?: string): WorldState {
  const options = { seed, files, origin };
  const world = generateWorld(options);
  // Small worlds keep a pristine copy so a reset costs a clone, not a regeneration.
  const pristine = files <= CLONE_RESET_MAX_FILES ? structuredClone(world) : undefined;
  const generated = { seed, workspaces: world.workspaces.map((w) => ({ ...w })), buckets: world.buckets.map((b) => ({ ...b })) };
  // The store owns and mutates its world, so a reset starts from a fresh copy.
  let store = new WorldStore(world);
  return {
    seed,
    generated,
    get store() {
      return store;
    },
    reset() {
      store = new WorldStore(pristine ? structuredClone(pristine) : generateWorld(options));
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
