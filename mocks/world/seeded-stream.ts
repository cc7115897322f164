// A small, fast seeded random stream (sfc32) with the draws the world
// generator needs. Each part of the world gets its own stream derived from the
// seed and a label, so one part's size never shifts another part's values.

/** A 32-bit seed for the part of the world named `label` (FNV-1a over seed and label, then mixed). */
export function deriveSeed(seed: number, label: string): number {
  let h = 0x811c9dc5;
  const text = `${seed}:${label}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const hex8 = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');

/** A deterministic stream of random values. */
export class SeededStream {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    // Discard the first draws: sfc32 needs a few rounds to mix a small seed.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** The stream for `label` under `seed`. */
  static of(seed: number, label: string): SeededStream {
    return new SeededStream(deriveSeed(seed, label));
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer from `min` to `max`, both included (up to 2^53). */
  int(min: number, max: number): number {
    const span = max - min + 1;
    if (span <= 4294967296) return min + Math.floor(this.next() * span);
    return min + Math.floor((this.uint32() * 4294967296 + this.uint32()) % span);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** `count` distinct elements (fewer if the list is shorter), in a random order; always draws `count` values. */
  sample<T>(list: readonly T[], count: number): T[] {
    const taken = new Set<number>();
    const out: T[] = [];
    for (let i = 0; i < count; i++) {
      const u = this.next();
      if (out.length === list.length) continue;
      let index = Math.floor(u * list.length);
      while (taken.has(index)) index = (index + 1) % list.length;
      taken.add(index);
      out.push(list[index]);
    }
    return out;
  }

  /** `length` lower-case hex digits (at most 16). */
  hex(length: number): string {
    return (hex8(this.uint32()) + hex8(this.uint32())).slice(0, length);
  }

  /** A copy of the list in a random order. */
  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
