// A small seeded random source (mulberry32), so a variant's random delays are
// the same on every run of a test.

/** Numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Milliseconds: fixed, or an inclusive [min, max] range. */
export type Millis = number | readonly [number, number];

/** Checks a delay where it enters; throws a clear error for a negative, non-finite or inverted one. */
export function checkMillis(name: string, value: Millis): void {
  const values = typeof value === 'number' ? [value] : [...value];
  const valid =
    values.length >= 1 && values.length <= 2 && values.every((v) => Number.isFinite(v) && v >= 0) && values[0] <= values.at(-1)!;
  if (!valid) throw new Error(`${name} must be milliseconds >= 0, or a [min, max] range of them; got ${JSON.stringify(value)}.`);
}

/** A picker of delays from `value`: the fixed value, or uniform in the range from a source seeded with `seed`. */
export function delayPicker(value: Millis, seed = 1): () => number {
  if (typeof value === 'number') return () => value;
  const random = seededRandom(seed);
  const [min, max] = value;
  return () => Math.round(min + random() * (max - min));
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
