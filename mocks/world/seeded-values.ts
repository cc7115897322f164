// Small seeded helpers over one faker instance: unique prefixed ids and
// RFC 3339 timestamps inside a fixed window (never the wall clock).
import type { Faker } from '@faker-js/faker';

/** The window seeded timestamps fall in; fixed so every run is identical. */
export const WORLD_START = Date.parse('2024-01-08T09:00:00Z');
export const WORLD_NOW = Date.parse('2026-11-01T12:00:00Z');

/** Formats epoch milliseconds as an RFC 3339 UTC timestamp without milliseconds. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface SeededValues {
  /** A new id like `file_0b6e4d3c9a`, never repeated within this world. */
  id(prefix: string, hexLength?: number): string;
  /** A timestamp between `fromMs` and `toMs`. */
  timestamp(fromMs?: number, toMs?: number): string;
}

/** Builds the helpers over a faker that the caller has already seeded. */
export function seededValues(faker: Faker): SeededValues {
  const used = new Set<string>();
  return {
    id(prefix, hexLength = 10) {
      for (;;) {
        const id = `${prefix}_${faker.string.hexadecimal({ length: hexLength, casing: 'lower', prefix: '' })}`;
        if (!used.has(id)) {
          used.add(id);
          return id;
        }
      }
    },
    timestamp(fromMs = WORLD_START, toMs = WORLD_NOW) {
      return isoSeconds(faker.number.int({ min: fromMs, max: toMs }));
    },
  };
}
