// The listing filter checks (core): prefix and tag judged on every page of a
// listing read in pages of two, and prefixes of every shape judged against
// "begins with". Each passes on the correct mock and on servers that page or
// store paths differently, and fails on the planted fault that breaks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPassed, startBench, withFaults, withRule, type Bench } from './support/check-bench.ts';
import { independentImplementation, pageLimit } from './support/other-servers.ts';
import { limitIgnored, refusesPathsWith } from './support/listing-rules.ts';

const FILTER_CHECKS = ['LIST-prefix-honoured', 'LIST-prefix-partial-segment', 'LIST-prefix-literal-characters', 'LIST-tag-honoured'];

describe('listing filters on every page and every prefix shape', () => {
  let bench: Bench;
  const withFault = <T>(fault: string, body: () => Promise<T>): Promise<T> => withFaults(bench, [fault], body);

  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  it('pass on the correct mock, reading later pages (no note), and on an independent implementation', async () => {
    const outcomes = await bench.run(FILTER_CHECKS);
    expect(notPassed(outcomes)).toEqual({});
    for (const id of FILTER_CHECKS) expect(outcomes[id], id).toEqual({ status: 'pass' });
    const target = { ...bench.settings.buckets, fullToken: bench.token('full') };
    expect(notPassed(await withRule(bench, independentImplementation(target), () => bench.run(FILTER_CHECKS)))).toEqual({});
  }, 60_000);

  it('judge what a server gives when it refuses or ignores limit, and say later pages were not proven', async () => {
    const refused = await withRule(bench, pageLimit(1), () => bench.run(['LIST-prefix-honoured', 'LIST-tag-honoured']));
    expect(refused['LIST-prefix-honoured']).toEqual({
      status: 'pass',
      note: expect.stringContaining('refused limit=2 (400): later pages not proven'),
    });
    const ignored = await withRule(bench, limitIgnored, () => bench.run(['LIST-prefix-honoured', 'LIST-tag-honoured']));
    expect(ignored['LIST-tag-honoured']).toEqual({ status: 'pass', note: expect.stringContaining('ignored limit=2') });
  }, 60_000);

  it('fail a filter applied to the first page only, naming the page that lists the stray file', async () => {
    const outcomes = await withFault('filters-dropped-after-first-page', () => bench.run(FILTER_CHECKS));
    for (const id of ['LIST-prefix-honoured', 'LIST-tag-honoured'])
      expect(outcomes[id], id).toMatchObject({ status: 'fail', message: expect.stringMatching(/page 2 of \d+ lists .*list\/red0\.txt/) });
  }, 60_000);

  it('fail a prefix read as a regular expression, cut back to its folder, matched anywhere or case-blind', async () => {
    const cases: [string, string][] = [
      ['prefix-as-regex', 'LIST-prefix-literal-characters'],
      ['prefix-cut-to-last-slash', 'LIST-prefix-partial-segment'],
      ['prefix-matched-anywhere', 'LIST-prefix-honoured'],
      ['prefix-case-insensitive', 'LIST-prefix-honoured'],
      ['tag-matched-as-substring', 'LIST-tag-honoured'],
    ];
    for (const [fault, id] of cases) {
      const outcomes = await withFault(fault, () => bench.run([id]));
      expect(outcomes[id], `${fault}: ${id}`).toMatchObject({ status: 'fail' });
    }
    const regex = await withFault('prefix-as-regex', () => bench.run(['LIST-prefix-literal-characters']));
    expect(regex['LIST-prefix-literal-characters']).toMatchObject({ message: expect.stringContaining('odd/aXb.txt') });
  }, 90_000);

  it('a prefix fault keeps the cursor rules: a cursor the server did not issue is still refused', async () => {
    const key = bench.token('full');
    const url = `${bench.mock.baseUrl}/workspaces/${bench.settings.workspaceId}/buckets/${bench.settings.buckets.allowed}/files?prefix=bucketkit&cursor=not-a-cursor`;
    for (const fault of ['prefix-matched-anywhere', 'prefix-as-regex']) {
      const status = await withFault(fault, async () => (await fetch(url, { headers: { authorization: `Bearer ${key}` } })).status);
      expect(status, fault).toBe(400);
    }
  });

  it('leave a character unproven, not failed, when the deployment will not store paths holding it', async () => {
    // A fresh bench: the listing files are made under the rule.
    const narrow = await startBench();
    try {
      const outcomes = await withRule(narrow, refusesPathsWith('%'), () => narrow.run(['LIST-prefix-literal-characters']));
      expect(outcomes['LIST-prefix-literal-characters']).toEqual({
        status: 'pass',
        note: expect.stringMatching(/^not proven for % \(.*odd\/g%h\.txt: presign-upload of .* answered 422/),
      });
    } finally {
      await narrow.close();
    }
  }, 60_000);
});
