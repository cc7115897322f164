// The effects watch: the operator variants are judged by their answers, and
// a write whose answer looks right may still land in the other bucket (a
// restore through the allowed bucket's path taking the bucket from its body,
// a presigned upload URL whose bucket its signature does not cover). This
// check runs after every other check of the run: it reads the other bucket
// again as it was read for the baseline (once the set-up was made, before any
// variant), and fails (§5.4) on any change there that no key allowed there
// made, by the run's ledger of exchanges, naming the changed items and the
// served writes by barred senders in between. A difference is a failure only
// when a re-read after the consistency window still shows it; a route the
// observer cannot read is said, never failed. It judges every write variant
// that claimed success, too: what landed in the other bucket is such a change.
import { overrideOf } from '../config/config-types.ts';
import { CheckFailure } from '../client/assert.ts';
import { explained, suspects, writeLine, writesSince } from '../traffic/effects-explained.ts';
import { changeLine, changesBetween, readOtherBucket, type ItemChange } from '../traffic/other-bucket-state.ts';
import type { CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { NotProven, NotRun } from '../plan/no-verdict.ts';
import { BASELINE, EFFECTS_CHECK, type EffectsBaseline } from '../traffic/effects-baseline.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const idOf = (c: ItemChange) => `${c.operationId} ${c.kind} ${c.item.key}`;
const MOST_SHOWN = 5;

/** The changes since the baseline that no key allowed in the other bucket made, read now. */
async function unexplainedNow(ctx: CheckRun, baseline: EffectsBaseline) {
  const { settings } = ctx;
  const window = overrideOf(settings.overrides, 'consistencyWindowMs');
  const now = await readOtherBucket(ctx.api, settings);
  const writes = writesSince(ctx.session.exchangesOfRun(), baseline.atMs - window);
  const keys = new Map(settings.keys.map((k) => [k.name, k]));
  const changes = changesBetween(baseline.state, now);
  return { now, writes, keys, changes, unexplained: changes.filter((c) => !explained(c, writes, keys, settings.buckets.other)) };
}

async function watchEffects(ctx: CheckRun): Promise<string> {
  const { settings } = ctx;
  const made = (await ctx.session.board.made(BASELINE))[BASELINE];
  if (!made || !('value' in made) || !made.value)
    throw new NotProven('no baseline of the other bucket was taken: no operator check of the run sent its variants');
  const baseline = made.value as EffectsBaseline;
  const unread = Object.entries(baseline.state.unread).map(([op, why]) => `${op}: ${why}`);
  if (Object.keys(baseline.state.routes).length === 0)
    throw new NotRun('skip', `not run: no route of the other bucket could be read (${unread.join('; ')})`);
  let seen = await unexplainedNow(ctx, baseline);
  if (seen.unexplained.length) {
    // An eventually consistent deployment may show a write late, or undo a lagging view: only what stays is a change.
    await sleep(overrideOf(settings.overrides, 'consistencyWindowMs'));
    const again = await unexplainedNow(ctx, baseline);
    const first = new Set(seen.unexplained.map(idOf));
    seen = { ...again, unexplained: again.unexplained.filter((c) => first.has(idOf(c))) };
  }
  const watched = Object.keys(seen.now.routes).filter((op) => op in baseline.state.routes);
  const notRead = unread.length ? `; not read: ${unread.join('; ')}` : '';
  if (seen.unexplained.length === 0)
    return `watched ${watched.length} route(s) of the other bucket (${watched.join(', ')}): ${seen.changes.length} change(s), each made by a key allowed there${notRead}`;
  const by = suspects(seen.unexplained, seen.writes, seen.keys, settings.buckets.other);
  const changed = seen.unexplained.slice(0, MOST_SHOWN).map(changeLine);
  const more = seen.unexplained.length > MOST_SHOWN ? ` and ${seen.unexplained.length - MOST_SHOWN} more` : '';
  const writes = by.length
    ? `; served writes by senders barred from it in between: ${by.slice(0, MOST_SHOWN).map(writeLine).join('; ')}${by.length > MOST_SHOWN ? ` and ${by.length - MOST_SHOWN} more` : ''}`
    : '';
  throw new CheckFailure(
    'no change in the other bucket but by keys whose bucketIds reach it (§5.4)',
    `${seen.unexplained.length} change(s) no key allowed there made, still there after the consistency window: ${changed.join('; ')}${more}${writes}`,
  );
}

/** The watch's one check, run after every other check of the run. */
export function effectsChecks(): CheckDef[] {
  return [
    {
      ...EFFECTS_CHECK,
      gate: 'none',
      after: 'every-check',
      keys: {},
      // It sends only reads; the baseline it compares with is taken before the variants, which a --read-only run does not send.
      writes: true,
      fixtures: false,
      run: watchEffects,
    },
  ];
}
