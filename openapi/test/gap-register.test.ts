// The gap register answers every "not shown" of the seed, and every gap id the
// spec uses is registered (the lint rule checks the latter too, per file).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBundledSpec } from '../contract/load-spec.ts';
import { seedGapLines, seedText } from './seed-tables.ts';

const register = readFileSync(new URL('../GAPS.md', import.meta.url), 'utf8');
const rows = [...register.matchAll(/^\| (G\d{2}) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => ({
  id: m[1],
  seed: m[2],
  decision: m[3].trim(),
  why: m[4].trim(),
}));
const quotesOf = (cell: string) => [...cell.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const flat = (s: string) => s.replace(/\s+/g, ' ');

function collectGapIds(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectGapIds(n, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'x-assumed' || key === 'x-scope-assumed') && typeof value === 'string') into.add(value);
      if (key === 'x-assumed-scopes') Object.values(value as Record<string, string>).forEach((g) => into.add(g));
      collectGapIds(value, into);
    }
  }
  return into;
}

describe('the gap register', () => {
  it('has well-formed rows with unique ids, each with a decision and a reason', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.decision.length, row.id).toBeGreaterThan(10);
      expect(row.why.length, row.id).toBeGreaterThan(10);
    }
  });

  it('quotes only words that the seed really says', () => {
    const seed = flat(seedText());
    for (const row of rows) for (const quote of quotesOf(row.seed)) expect(seed, `${row.id} quotes "${quote}"`).toContain(flat(quote));
  });

  it.each(seedGapLines().map((line) => [line.slice(0, 70), line] as const))('answers the seed gap: %s', (_, line) => {
    const answering = rows.filter((row) => quotesOf(row.seed).some((q) => flat(line).includes(flat(q))));
    expect(
      answering.map((r) => r.id),
      line,
    ).not.toEqual([]);
  });

  it('registers every gap id the bundled spec uses', () => {
    const used = collectGapIds(loadBundledSpec(), new Set());
    expect(used.size).toBeGreaterThan(10);
    const known = new Set(rows.map((r) => r.id));
    expect([...used].filter((id) => !known.has(id))).toEqual([]);
  });
});
