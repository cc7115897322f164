// The effects watch's baseline: the other bucket's state once the run's
// set-up is made (its shared test files, what operator variants reuse) and
// one consistency window has passed (so the set-up's own writes show),
// read once per run before any operator variant is sent, and only when the
// run's plan holds the watch's check. Its time bounds the writes that
// explain a change: a change made before it is part of the baseline.
import { RUN_ENV } from '../config/run-env.ts';
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import { readOtherBucket, type BucketState } from './other-bucket-state.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { checkIds } from '../plan/check-ids.ts';
import { SETUP_PARTS } from '../plan/fixture-types.ts';
import { canCreateFixtures, matchesGrep } from '../plan/planner.ts';
import { runSeen } from './operator-seen.ts';

/** The name of the baseline on the run board. */
export const BASELINE = 'effects:baseline';

export interface EffectsBaseline {
  /** When the read began (ms since the epoch). */
  atMs: number;
  state: BucketState;
}

/** Who the watch's check is, for the plan and for whether a run takes a baseline at all. */
export const EFFECTS_CHECK = {
  id: checkIds.effects(),
  title:
    'the other bucket changes only by keys allowed there: no request of the run by a key its bucketIds leave out (nor a presigned URL granted for the allowed bucket) changed its files, trash, automations, suggestions, shares, transfers or intelligence',
  area: 'bucket-limits',
  level: 'core',
} as const;

/** Whether the run's plan holds the watch (not --read-only, not disabled, selected by --grep). */
export function effectsWatched(settings: Pick<RunSettings, 'readOnly' | 'grep' | 'overrides'>): boolean {
  const disabled = new Set(settings.overrides.disable ?? []);
  if (settings.readOnly || disabled.has(EFFECTS_CHECK.id) || disabled.has(EFFECTS_CHECK.area)) return false;
  // Under Playwright the kit's grep is the runner's own, handed to the workers apart from the settings.
  const grep = settings.grep || process.env[RUN_ENV.grep] || undefined;
  return matchesGrep(EFFECTS_CHECK, grep ? new RegExp(grep) : undefined);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The baseline, taken once per run by the first caller; undefined when the run does not watch. */
export async function effectsBaseline(ctx: CheckRun): Promise<EffectsBaseline | undefined> {
  if (!effectsWatched(ctx.settings)) return undefined;
  return ctx.session.shared(BASELINE, async () => {
    if (canCreateFixtures(ctx.settings)) await ctx.session.parts.fixtures(SETUP_PARTS).catch(() => undefined);
    await runSeen(ctx).catch(() => undefined);
    await sleep(overrideOf(ctx.settings.overrides, 'consistencyWindowMs'));
    const atMs = Date.now();
    return { atMs, state: await readOtherBucket(ctx.api, ctx.settings) };
  });
}
