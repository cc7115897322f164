// Overrides mean what they say: the README's table names exactly the checks
// each override changes (generated with and without it), and against a server
// that made that choice those checks fail without the override and pass with it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERRIDE_DEFAULTS, type Overrides } from '../config/config-types.ts';
import { startBench, withRule, type Bench, type Outcome } from './support/check-bench.ts';
import type { Rule } from './support/loopback-proxy.ts';
import { foreignBucket403, otherErrorFormat, pageLimit, slowUploads, unlistedMethod404 } from './support/other-servers.ts';
import { allCheckIds, changedBy } from './support/override-changes.ts';

interface Row {
  overrides: Overrides;
  patterns: RegExp[];
  except: RegExp[];
  count: number;
}

/** The check ids a table cell names in backticks (`<op>`, `<AREA>`, `<what>` as wildcards); those after "except", or the others. */
function idPatterns(cell: string, excepted: boolean): RegExp[] {
  return [...cell.matchAll(/(except )?`([A-Z<][A-Za-z<>]*-[^`]+)`/g)]
    .filter(([, except]) => Boolean(except) === excepted)
    .map(
      ([, , id]) =>
        new RegExp(
          `^${id
            .replace(/<op>/g, '[A-Za-z]+')
            .replace(/<AREA>/g, '[A-Z]+')
            .replace(/<what>/g, '[a-z0-9-]+')}$`,
        ),
    );
}

/** The override table of the README: the override (first cell) and the check ids of the third cell. */
function readmeRows(): Row[] {
  const text = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = text.slice(text.indexOf('| Override | Default'), text.indexOf('\n\n', text.indexOf('| Override | Default')));
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split(' | '))
    .filter(([first]) => !first.includes('"disable"'))
    .map(([first, , checks]) => ({
      overrides: JSON.parse(`{${first.replace(/^\| `|`$/g, '')}}`) as Overrides,
      patterns: idPatterns(checks, false),
      except: idPatterns(checks, true),
      count: Number(checks.match(/\((\d+)/)?.[1]),
    }));
}

describe('the override table of the README', () => {
  const rows = readmeRows();
  const all = allCheckIds();

  it('has a row for every override', () => {
    const named = rows.flatMap((r) => Object.keys(r.overrides));
    expect(named.sort()).toEqual([...Object.keys(OVERRIDE_DEFAULTS), 'scopes'].sort());
  });

  it('names exactly the checks each override changes, with their count', () => {
    for (const row of rows) {
      const listed = all.filter((id) => row.patterns.some((p) => p.test(id)) && !row.except.some((p) => p.test(id))).sort();
      expect(listed, JSON.stringify(row.overrides)).toEqual(changedBy(row.overrides));
      expect(listed.length, JSON.stringify(row.overrides)).toBe(row.count);
    }
  });
});

describe('each override against a server that made that choice', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  const statuses = (outcomes: Record<string, Outcome>) => [...new Set(Object.values(outcomes).map((o) => o.status))];

  const cases: { name: string; rule: () => Rule; overrides: Overrides }[] = [
    {
      name: 'a foreign bucket answered 403',
      rule: () => foreignBucket403({ ...bench.settings.buckets, fullToken: '' }),
      overrides: { foreignBucketStatus: 403 },
    },
    { name: 'error bodies of another format', rule: () => otherErrorFormat, overrides: { errorFormat: 'any' } },
    { name: 'unlisted methods answered 404', rule: () => unlistedMethod404, overrides: { unlistedMethodStatus: 404 } },
    { name: 'a page size of at most 100', rule: () => pageLimit(100), overrides: { maxPageSize: 100 } },
  ];

  for (const c of cases) {
    it(`${c.name}: fails the changed checks without the override, passes them with it`, async () => {
      const ids = changedBy(c.overrides);
      const without = await withRule(bench, c.rule(), () => bench.run(ids));
      const withIt = await withRule(bench, c.rule(), () => bench.run(ids, { overrides: c.overrides }));
      expect(Object.fromEntries(Object.entries(without).filter(([, o]) => o.status !== 'fail'))).toEqual({});
      expect(Object.fromEntries(Object.entries(withIt).filter(([, o]) => o.status !== 'pass'))).toEqual({});
    }, 120_000);
  }

  it('uploads listed after 700 ms: pass by default, fail with uploadVisibleWithinMs 200', async () => {
    const ids = changedBy({ uploadVisibleWithinMs: 200 });
    const patient = await withRule(bench, slowUploads(700), () => bench.run(ids));
    const impatient = await withRule(bench, slowUploads(700), () => bench.run(ids, { overrides: { uploadVisibleWithinMs: 200 } }));
    expect(statuses(patient)).toEqual(['pass']);
    expect(statuses(impatient)).toEqual(['fail']);
  }, 60_000);
});
