// The gap table names, for every gap of the register, at least two choices
// real servers make, each played by a rule of the test deployment: a gap id of
// openapi/GAPS.md with no entry, fewer than two alternatives, or an
// alternative naming no rule fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAP_TABLE } from './support/worlds/gap-table.ts';
import { WORLD_RULES } from './support/worlds/world-rules.ts';

const registered = [...readFileSync(new URL('../../openapi/GAPS.md', import.meta.url), 'utf8').matchAll(/^\| (G\d{2}) \|/gm)].map(
  (m) => m[1],
);

describe('the gap table', () => {
  it('reads the register', () => expect(registered.length).toBeGreaterThanOrEqual(36));

  it('has an entry for every gap of the register, and no entry for a gap it does not hold', () => {
    const ids = GAP_TABLE.map((g) => g.id);
    expect(registered.filter((id) => !ids.includes(id))).toEqual([]);
    expect(ids.filter((id) => id.startsWith('G') && !registered.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every gap at least two alternatives, the mock's own among them, each naming a rule", () => {
    for (const gap of GAP_TABLE) {
      expect(gap.alternatives.length, gap.id).toBeGreaterThanOrEqual(2);
      expect(
        gap.alternatives.some((a) => a.rule === 'mock'),
        gap.id,
      ).toBe(true);
      for (const a of gap.alternatives) expect(Object.keys(WORLD_RULES), `${gap.id}: ${a.choice}`).toContain(a.rule);
    }
  });

  it('says why where a server decides nothing', () => {
    for (const gap of GAP_TABLE) if (gap.decides !== true) expect(gap.decides.no.length, gap.id).toBeGreaterThan(10);
  });
});
