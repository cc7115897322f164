// Core runs against deployments that page and wrap their listings their own
// way (the seed shows no bodies and no paging), judged by the checks of the
// listing routes: each PASSES, and the summary
// says which shape each listing route showed (stats.listingShapes, summary.md);
// a shape the suite cannot read fails nothing: what rests on it is not run, with why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rule } from './support/loopback-proxy.ts';
import {
  bareArrayOnePage,
  dataMetaEnvelope,
  linkHeaderPaging,
  ndjsonListing,
  pageNumberPaging,
  resultsNextUrl,
} from './support/listing-shapes.ts';
import { startVariant, type Variant } from './support/variant.ts';
import { describeRun, idsWith, runAgainst } from './support/variant-run.ts';
import { EMBEDDED_OVERRIDES } from '../embedded/embedded-keys.ts';

const FILES = 'GET /workspaces/{workspaceId}/buckets/{bucketId}/files';
/** The checks of every listing route (their ids name the operation: listFiles, listShares, ..., getTrash) and the listing area. */
const LISTING_CHECKS = '-list[A-Z]|-getTrash|@listing';

/** Each shape with what the summary must say of the file listing. */
const SHAPES: [string, Rule, { items: string; paging: RegExp }][] = [
  ['bare arrays paged by a Link header', linkHeaderPaging, { items: '(bare array)', paging: /^next page URL in Link rel="next"$/ }],
  ['items paged by ?page=N, three a page', pageNumberPaging(3), { items: 'items', paging: /^body page sent back as \?page=$/ }],
  [
    'a {data, meta} envelope with ?page_token=',
    dataMetaEnvelope,
    { items: 'data', paging: /^body meta\.next_token sent back as \?page_token=$/ },
  ],
  [
    'one bare array, whatever limit asks',
    bareArrayOnePage,
    { items: '(bare array)', paging: /^every read fit on one page, with no paging field$/ },
  ],
  ['results with an absolute next URL', resultsNextUrl, { items: 'results', paging: /^next page URL in body next$/ }],
];

describe('a deployment whose listings take another shape', () => {
  let variant: Variant | undefined;
  afterEach(async () => {
    await variant?.close();
    variant = undefined;
  });

  for (const [name, rule, files] of SHAPES)
    it(`${name} PASSES at core, and the summary names the shape`, async () => {
      variant = await startVariant({ rules: [rule] });
      // The shape reaches every listing read: the set-up's and the checks of the listing routes give the verdict.
      const run = await runAgainst(variant, { level: 'core', grep: LISTING_CHECKS, overrides: EMBEDDED_OVERRIDES });
      console.log(describeRun(name, run));
      expect(idsWith(run, 'fail')).toEqual([]);
      expect(idsWith(run, 'error')).toEqual([]);
      expect(run.verdict).toMatchObject({ label: 'PASSED', exitCode: 0 });
      const shapes = run.summary.stats?.listingShapes ?? {};
      expect(shapes[FILES]).toMatchObject({ items: files.items, paging: expect.stringMatching(files.paging) });
      expect(shapes[FILES].unfinished).toBeUndefined();
      const markdown = readFileSync(join(run.reportDir, 'summary.md'), 'utf8');
      expect(markdown).toContain('## Listing shapes');
      expect(markdown).toContain(`- \`${FILES}\`: items in ${files.items};`);
    }, 240_000);

  it('one the suite cannot read (NDJSON) is INCOMPLETE, never FAILED: each check resting on a listing says it was not run, and why', async () => {
    variant = await startVariant({ rules: [ndjsonListing] });
    const run = await runAgainst(variant, { level: 'core', grep: `${LISTING_CHECKS}|@uploads`, overrides: EMBEDDED_OVERRIDES });
    console.log(describeRun('NDJSON listings', run));
    expect(idsWith(run, 'fail')).toEqual([]);
    expect(run.verdict).toMatchObject({ label: 'INCOMPLETE', exitCode: 2 });
    const notRun = run.summary.checks.filter((c) => c.status === 'error');
    expect(notRun.map((c) => c.id)).toContain('UPLOAD-appears-without-complete');
    for (const check of notRun) expect(check.reason, check.id).toMatch(/^not run: .*(holds no list of items the suite can read|see )/);
  }, 240_000);
});
