// The listing filter checks under every listing shape a deployment may choose
// (the seed shows no bodies and no paging): Link header paging, page numbers,
// a {data, meta} envelope with its own token parameter, one bare array, and
// results with a next URL. Each passes on the correct mock, and each planted
// filter fault still fails; a full page with no continuation gives no verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPassed, startBench, withFaults, withRule, type Bench } from './support/check-bench.ts';
import type { Rule } from './support/loopback-proxy.ts';
import {
  bareArrayOnePage,
  dataMetaEnvelope,
  linkHeaderPaging,
  noContinuation,
  pageNumberPaging,
  resultsNextUrl,
} from './support/listing-shapes.ts';

const FILTER_CHECKS = ['LIST-prefix-honoured', 'LIST-prefix-partial-segment', 'LIST-prefix-literal-characters', 'LIST-tag-honoured'];
const SHAPES: [string, Rule][] = [
  ['Link header paging', linkHeaderPaging],
  // Pages of two, its own size whatever `limit` asks: the decoys that show a filter dropped after the first page sit on page 2.
  ['page numbers', pageNumberPaging(2)],
  ['a {data, meta} envelope', dataMetaEnvelope],
  ['one bare array', bareArrayOnePage],
  ['results with a next URL', resultsNextUrl],
];
const FAULTS: [string, string[]][] = [
  ['prefix-filter-ignored', ['LIST-prefix-honoured', 'LIST-prefix-partial-segment']],
  ['tag-filter-ignored', ['LIST-tag-honoured']],
  ['filters-dropped-after-first-page', ['LIST-prefix-honoured', 'LIST-tag-honoured']],
];

describe('listing filters under every listing shape', () => {
  let bench: Bench;

  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  for (const [shape, rule] of SHAPES)
    it(`${shape}: pass on the correct mock, and fail every planted filter fault`, async () => {
      const outcomes = await withRule(bench, rule, () => bench.run(FILTER_CHECKS));
      expect(notPassed(outcomes)).toEqual({});
      for (const [fault, ids] of FAULTS) {
        const broken = await withRule(bench, rule, () => withFaults(bench, [fault], () => bench.run(ids)));
        for (const id of ids) expect(broken[id], `${shape}, ${fault}: ${id}`).toMatchObject({ status: 'fail' });
      }
    }, 120_000);

  it('a full page with no continuation: the checks that need later pages are not run, saying why, and a stray on it still fails', async () => {
    const ids = ['LIST-prefix-honoured', 'LIST-prefix-partial-segment', 'LIST-tag-honoured'];
    const outcomes = await withRule(bench, noContinuation, () => bench.run(ids));
    for (const id of ids)
      expect(outcomes[id], id).toEqual({
        status: 'error',
        message: expect.stringMatching(
          /^not run: whether .* listed cannot be told: the listing could not be read to its end \(page 1 holds 2 items, as many as limit=2 asked, and says nothing of a next page/,
        ),
      });
    const broken = await withRule(bench, noContinuation, () => withFaults(bench, ['prefix-filter-ignored'], () => bench.run(ids)));
    expect(broken['LIST-prefix-honoured']).toMatchObject({ status: 'fail', message: expect.stringContaining('page 1 of 1 lists') });
  }, 60_000);
});
