// Two traits a conforming server may have, applied everywhere they apply: ids
// from one sequence per kind (a SQL serial per table, so a file, a share and a
// suggestion can all be "3", and so can a bucket; as strings or JSON numbers),
// and `{"data": …}` around every JSON body, single resources and listings
// alike. A core run PASSES each, and the bucket-limits rule still FAILS a
// server that ignores bucketIds under per-kind ids.
import { afterEach, describe, expect, it } from 'vitest';
import { startVariant, type Variant, type VariantOptions } from './support/variant.ts';
import { bucketPath, clientOf } from './support/variant-client.ts';
import { describeRun, idsWith, runAgainst } from './support/variant-run.ts';
import { dataEverywhere } from './support/data-envelope.ts';

const traits: [string, VariantOptions][] = [
  ['ids from one sequence per kind, as strings', { serialIds: { perKind: true } }],
  ['ids from one sequence per kind, as JSON numbers', { serialIds: { perKind: true, asNumbers: true } }],
  ['{"data": …} around every body', { rules: [dataEverywhere('errors')] }],
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

  for (const [name, options] of traits)
    it(`${name} PASSES at core`, async () => {
      variant = await startVariant(options);
      const run = await runAgainst(variant, { level: 'core' });
      console.log(describeRun(name, run));
      for (const c of run.summary.checks.filter((c) => c.status === 'fail' || c.status === 'error')) console.log(c.id, c.status, JSON.stringify(c).slice(0, 600));
      expect(idsWith(run, 'fail')).toEqual([]);
      expect(run.verdict).toMatchObject({ label: 'PASSED', exitCode: 0 });
    }, 240_000);
});
