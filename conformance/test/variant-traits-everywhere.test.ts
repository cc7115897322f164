// Two traits a conforming server may have, applied everywhere they apply: ids
// from one sequence per kind (a SQL serial per table, so a file, a share and a
// suggestion can all be "3", and so can a bucket; as strings or JSON numbers),
// and `{"data": …}` around every JSON body, single resources and listings
// alike. A core run PASSES worlds holding both, and the bucket-limits rule
// still FAILS such a world that ignores bucketIds.
import { afterEach, describe, expect, it } from 'vitest';
import { startVariant, type Variant, type VariantOptions } from './support/variant.ts';
import { bucketPath, clientOf } from './support/variant-client.ts';
import { describeRun, idsWith, runAgainst } from './support/variant-run.ts';
import { dataEverywhere } from './support/data-envelope.ts';
import { EMBEDDED_OVERRIDES } from '../embedded/embedded-keys.ts';

/** Each world holds both traits at once (and an error envelope), so two core runs cover both id forms. */
const worlds: [string, VariantOptions][] = [
  [
    'per-kind ids as strings, every body under data, errors as JSON:API',
    { serialIds: { perKind: true }, rules: [dataEverywhere('errors')] },
  ],
  ['per-kind ids as JSON numbers, every body under data', { serialIds: { perKind: true, asNumbers: true }, rules: [dataEverywhere()] }],
];

describe('traits applied everywhere', () => {
  let variant: Variant | undefined;
  afterEach(async () => {
    await variant?.close();
    variant = undefined;
  });

  it('per-kind ids collide across kinds: a bucket and a file can share a number', async () => {
    variant = await startVariant({ serialIds: { perKind: true } });
    const call = clientOf(variant.baseUrl);
    const listed = await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/files?limit=50`, {
      token: variant.token('full'),
    });
    const ids = (listed.json.data as { id: string }[]).map((f) => f.id);
    expect(ids).toContain('1');
    expect(ids).toContain(variant.buckets.allowed);
  });

  it('the envelope wraps a single resource as well as a listing', async () => {
    variant = await startVariant({ rules: [dataEverywhere()] });
    const call = clientOf(variant.baseUrl);
    const own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    const token = variant.token('full');
    expect((await call('GET', `${own}/intelligence`, { token })).json).toEqual({ data: expect.any(Object) });
    expect((await call('GET', `${own}/files?limit=1`, { token })).json).toMatchObject({ data: [expect.any(Object)], meta: {} });
  });

  it('both worlds PASS at core', async () => {
    const variants = await Promise.all(worlds.map(([, options]) => startVariant(options)));
    try {
      const runs = await Promise.all(variants.map((v) => runAgainst(v, { level: 'core', overrides: EMBEDDED_OVERRIDES })));
      runs.forEach((run, i) => {
        console.log(describeRun(worlds[i][0], run));
        expect(idsWith(run, 'fail'), worlds[i][0]).toEqual([]);
        expect(run.verdict, worlds[i][0]).toMatchObject({ label: 'PASSED', exitCode: 0 });
      });
    } finally {
      await Promise.all(variants.map((v) => v.close()));
    }
  }, 240_000);

  it('that ignores bucketIds under per-kind ids and envelopes still FAILS the bucket-limits rule', async () => {
    variant = await startVariant({ ...worlds[0][1], faults: ['bucket-limits-ignored'] });
    const run = await runAgainst(variant, {
      level: 'core',
      overrides: EMBEDDED_OVERRIDES,
      grep: 'BUCKET-listFiles-other-refused|ORACLE-bucket-limits-listFiles',
    });
    console.log(describeRun('per-kind ids, bucket-limits-ignored', run));
    expect(run.verdict).toMatchObject({ label: 'FAILED', exitCode: 1 });
    expect(idsWith(run, 'fail')).toEqual(expect.arrayContaining(['BUCKET-listFiles-other-refused', 'ORACLE-bucket-limits-listFiles']));
  }, 120_000);
});
