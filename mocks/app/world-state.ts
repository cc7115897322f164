// The mock's live world: the store built from the seeded world (and the
// fixtures, merged into it or replacing it), a summary of what was made, and a
// reset back to it. A spare store is prepared in the
// background (in short slices) so that a reset swaps stores instead of
// stalling every client while a large world is rebuilt. Without a spare (above
// SPARE_MAX_FILES, or right after a reset used it), a large world is rebuilt in
// slices too: the current world keeps serving until the new one replaces it.
import { DEFAULT_FILE_COUNT, DEFAULT_SEED, emptyWorld, generateWorld } from '../world/generate-world.ts';
import type { World } from '../world/world-types.ts';
import { WorldStore } from '../store/world-store.ts';
import { pauseForEventLoop, prepareWorldStore } from '../store/prepare-store.ts';
import type { Fixtures } from '../fixtures/fixture-types.ts';
import { checkFixtureIds, combineWorlds, fixtureWorld } from '../fixtures/fixture-world.ts';

/** Up to this many files a spare store is kept ready; above, a second world would cost too much memory. */
const SPARE_MAX_FILES = 200_000;
/** Up to this many files a reset without a spare rebuilds at once (tens of milliseconds); above, in slices. */
const SYNC_REBUILD_MAX_FILES = 10_000;

export interface WorldState {
  readonly seed: number;
  readonly store: WorldStore;
  /** The workspaces and buckets the mock started with (seeded and fixtures). */
  readonly generated: Pick<World, 'seed' | 'workspaces' | 'buckets'>;
  /** Restores the world the mock started with: at once, or (a large world without a spare ready) when the promise settles. */
  reset(): void | Promise<void>;
  /** The live workspaces and their buckets, for GET /__mock/info. */
  describe(baseUrl: string): {
    baseUrl: string;
    seed: number;
    files: number;
    workspaces: { id: string; name: string; buckets: string[] }[];
  };
}

/**
 * Makes the world once and keeps what a reset needs; `now` is the mock's clock
 * (grants expire by it). Fixtures must be checked already; an id they share
 * with the generated world throws a FixturesError.
 */
export function createWorldState(
  seed = DEFAULT_SEED,
  files = DEFAULT_FILE_COUNT,
  origin: string | undefined,
  now: () => number,
  fixtures?: Fixtures,
): WorldState {
  const options = { seed, files, origin };
  // With fixtures in replace mode nothing is generated: the world is the fixtures' alone.
  const generates = fixtures?.mode !== 'replace';
  const complete = (generatedWorld: World | undefined): World =>
    fixtures ? combineWorlds(fixtureWorld(fixtures, seed), generatedWorld) : (generatedWorld ?? emptyWorld(seed));
  const build = (): World => complete(generates ? generateWorld(options) : undefined);
  const prepare = () => prepareWorldStore(options, { now }, pauseForEventLoop, complete);
  const first = generates ? generateWorld(options) : undefined;
  if (fixtures) checkFixtureIds(fixtures, seed, first);
  const world = complete(first);
  const fileCount = world.files.length + world.trash.length;
  const generated = { seed, workspaces: world.workspaces.map((w) => ({ ...w })), buckets: world.buckets.map((b) => ({ ...b })) };
  // The store owns and mutates its world, so a reset starts from a fresh one.
  let store: WorldStore = new WorldStore(world, { now });
  let spare: WorldStore | undefined;
  // A store being built in slices: the next reset claims it, or it becomes the spare.
  let pending: Promise<WorldStore> | undefined;
  let resetting: Promise<void> | undefined;
  const prepareSpare = () => {
    if (!generates || files > SPARE_MAX_FILES || spare || pending || resetting) return;
    const building = prepare();
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
      } else if (!generates || files <= SYNC_REBUILD_MAX_FILES) {
        // Let the old world go before the new one is built, so two never live at once.
        store = new WorldStore(emptyWorld(seed), { now });
        store = new WorldStore(build(), { now });
      } else {
        const building = pending ?? prepare();
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
      files: fileCount,
      workspaces: store.workspaces.map((w) => ({
        id: w.id,
        name: w.name,
        buckets: (store.bucketsOf.get(w.id) ?? []).map((b) => b.bucket.id),
      })),
    }),
  };
}
