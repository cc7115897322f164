// Small seeded helpers over one stream: unique prefixed ids and RFC 3339
// timestamps inside a fixed window (never the wall clock).
import { deriveSeed, type SeededStream } from './seeded-stream.ts';

/** The window seeded timestamps fall in; fixed so every run is identical. */
export const WORLD_START = Date.parse('2024-01-08T09:00:00Z');
export const WORLD_NOW = Date.parse('2026-11-01T12:00:00Z');

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const DAY_SECONDS = 86_400;
// Years formatted by arithmetic; outside them Date does it (slower, but never reached by the world).
const FAST_FROM = Date.parse('1970-01-01T00:00:00Z');
const FAST_UNTIL = Date.parse('9999-12-31T23:59:59Z');

/**
 * The same string, stored flat: V8 keeps a concatenation as a tree of pieces
 * (about 200 bytes for a timestamp built from 11 pieces) until something reads
 * its characters; reading one flattens it, and the collector then drops the
 * tree. At 500k files this halves the world's memory.
 */
export function flatString(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** Formats epoch milliseconds as an RFC 3339 UTC timestamp without milliseconds. */
export function isoSeconds(ms: number): string {
  if (!(ms >= FAST_FROM && ms <= FAST_UNTIL)) return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
  // A million of these make a 500k-file world: civil date from day number (proleptic Gregorian), no Date object.
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / DAY_SECONDS);
  let rest = seconds - days * DAY_SECONDS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(rest / 3600);
  rest -= hour * 3600;
  const minute = Math.floor(rest / 60);
  const second = rest - minute * 60;
  return flatString(`${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}Z`);
}

export interface SeededValues {
  /** A new id like `aut_0b6e4d3c`, never repeated within this world. */
  id(prefix: string, hexLength?: number): string;
  /** A timestamp between `fromMs` and `toMs`. */
  timestamp(fromMs?: number, toMs?: number): string;
}

/**
 * Builds the helpers over a seeded stream. `used` holds the ids handed out so
 * far in the whole world, so two streams never repeat an id.
 */
export function seededValues(stream: SeededStream, used: Set<string>): SeededValues {
  return {
    id(prefix, hexLength = 10) {
      for (;;) {
        const id = `${prefix}_${stream.hex(hexLength)}`;
        if (!used.has(id)) {
          used.add(id);
          return id;
        }
      }
    },
    timestamp(fromMs = WORLD_START, toMs = WORLD_NOW) {
      return isoSeconds(stream.int(fromMs, toMs));
    },
  };
}

const HALF_BITS = 20;
const HALF_MASK = (1 << HALF_BITS) - 1;
const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const HEX3 = Array.from({ length: 4096 }, (_, i) => i.toString(16).padStart(3, '0'));
const hex5 = (value: number): string => HEX2[value >>> 12] + HEX3[value & 0xfff];

/**
 * Ids like `file_0b6e4d3c9a` for the `index`-th item of the `group`-th
 * group (a bucket's files): a keyed 40-bit permutation (a four-round Feistel
 * network) of (group, index), so ids look random, never repeat, and need no
 * set of the ids handed out so far. The same seed, group and index always give
 * the same id, whatever else the world holds.
 */
export function sequenceIds(prefix: string, seed: number): (group: number, index: number) => string {
  const key = deriveSeed(seed, `sequence:${prefix}`);
  const roundKeys = [1, 2, 3, 4].map((round) => key ^ Math.imul(round, 0x9e3779b1));
  const head = `${prefix}_`;
  return (group, index) => {
    if (!(group >= 0 && group < 64 && index >= 0 && index < 2 ** 34)) throw new Error(`No sequence id for ${group}/${index}.`);
    // (group, index) as two 20-bit halves: group and the top 14 bits of index, then the low 20 bits.
    let left = group * 2 ** 14 + Math.floor(index / 2 ** HALF_BITS);
    let right = index & HALF_MASK;
    for (let round = 0; round < 4; round++) {
      let h = Math.imul(right ^ roundKeys[round], 0x85ebca6b);
      h ^= h >>> 15;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 13;
      const next = (left ^ h) & HALF_MASK;
      left = right;
      right = next;
    }
    return flatString(head + hex5(left) + hex5(right));
  };
}
