// Draws a world from a seed: one alternative per gap of the gap table, each
// choice's rule applied everywhere it applies, and hands back the options of
// the test deployment that plays it. A world holds one listing shape: where a
// second gap drew another, that draw falls back to the mock's own choice
// (and the world says so). Rules stack with the wire's outermost, then the
// ids', then the listing shape, then the rest in the table's order.
import { seededRandom } from '../seeded-random.ts';
import type { VariantOptions } from '../variant.ts';
import { GAP_TABLE, type Alternative } from './gap-table.ts';
import { WORLD_RULES, type WorldPart } from './world-rules.ts';

export interface World {
  seed: number;
  /** Per gap id, the alternative it plays. */
  choices: { gap: string; alternative: Alternative; note?: string }[];
  options: VariantOptions;
  /** Planted faults its choices take out of reach (the world does not have them). */
  hides: Set<string>;
}

/** The command that reproduces a seed's compositions. */
export const reproduceCommand = (seed: number, compositions: number) =>
  `BUCKETKIT_WORLDS_SEED=${seed} npm run verdicts -- --compositions ${compositions} --seed ${seed}`;

/**
 * Faults of the request line a front proxy rebuilds: the world's proxy reads requests with Node's parser, which
 * refuses a method in lower case and forwards an absolute-form target as its path, as front proxies do.
 */
const BEHIND_A_PROXY = ['lowercase-method-skips-scope', 'absolute-form-skips-scope'];

/** The seed of this run: BUCKETKIT_WORLDS_SEED when set, else a new one. */
export function runSeed(env: NodeJS.ProcessEnv = process.env): number {
  const fixed = Number(env.BUCKETKIT_WORLDS_SEED);
  return Number.isInteger(fixed) && fixed > 0 ? fixed : Math.floor(Math.random() * 2 ** 31) + 1;
}

/** A profile for the mock to play the world's own scopes with, when it chose any. */
function scopesProfile(scopes: Record<string, string>): Pick<VariantOptions, 'profile'> {
  if (Object.keys(scopes).length === 0) return {};
  return {
    profile: {
      kind: 'bucketkit-profile',
      version: 1,
      learnedFrom: 'http://generated-world.invalid/api/v1',
      learnedAt: new Date(0).toISOString(),
      overrides: { scopes },
    },
  };
}

/** The n-th world of a seed (from 0). */
export function drawWorld(seed: number, n: number): World {
  const random = seededRandom(seed * 1000 + n + 1);
  const choices: World['choices'] = [];
  const parts: WorldPart[] = [];
  let shape: string | undefined;
  for (const gap of GAP_TABLE) {
    let alternative = gap.alternatives[Math.floor(random() * gap.alternatives.length)];
    let note: string | undefined;
    const part: WorldPart = WORLD_RULES[alternative.rule];
    if (part.shapesListings && shape !== undefined && shape !== alternative.rule) {
      note = `drew "${alternative.choice}", which reshapes listings as ${shape} already does`;
      alternative = gap.alternatives.find((a) => a.rule === 'mock')!;
    } else if (part.shapesListings) shape = alternative.rule;
    if (alternative.rule !== 'mock' && !parts.includes(WORLD_RULES[alternative.rule])) parts.push(WORLD_RULES[alternative.rule]);
    choices.push({ gap: gap.id, alternative, ...(note ? { note } : {}) });
  }
  const options: VariantOptions = {
    ...Object.assign({}, ...parts.map((p) => p.ids ?? {})),
    wireRules: parts.flatMap((p) => p.wire ?? []),
    ...scopesProfile(Object.assign({}, ...parts.map((p) => p.scopes ?? {}))),
    // The listing shape outermost: the other rules read and write listings in the mock's own shape.
    rules: (context) =>
      [...parts.filter((p) => p.shapesListings), ...parts.filter((p) => !p.shapesListings)].flatMap((p) => p.rules?.(context) ?? []),
  };
  const proxied = parts.length > 0;
  return { seed, choices, options, hides: new Set([...parts.flatMap((p) => p.hides ?? []), ...(proxied ? BEHIND_A_PROXY : [])]) };
}

/** The choices of a world that are not the mock's, one line. */
export const describeWorld = (world: World): string =>
  world.choices
    .filter((c) => c.alternative.rule !== 'mock')
    .map((c) => `${c.gap}: ${c.alternative.rule}`)
    .join(', ') || 'the mock as it is';
