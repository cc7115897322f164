// A deployment whose ids are serial numbers ("1", "2", ... "20", as a database
// sequence hands them out), as strings or as JSON numbers in id fields: the
// bucket-limits checks PASS (another bucket's id "20" is not found inside a
// timestamp, a size or the id "120"; whole runs are the generated worlds'), and a server that ignores bucketIds or lists another
// bucket's files still FAILS the bucket-limits rule.
import { afterEach, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf } from './support/variant-client.ts';
import { describeRun, idsWith, runAgainst } from './support/variant-run.ts';
import { EMBEDDED_OVERRIDES } from '../embedded/embedded-keys.ts';

describe('a deployment with serial-number ids', () => {
  let variant: Variant | undefined;
  afterEach(async () => {
    await variant?.close();
    variant = undefined;
  });

  for (const asNumbers of [false, true])
    it(`${asNumbers ? 'as JSON numbers in id fields' : 'as strings'} PASSES the bucket-limits checks at core`, async () => {
      variant = await startVariant({ serialIds: { asNumbers } });
      expect([variant.workspaceId, variant.buckets.allowed, variant.buckets.other]).toEqual(['1', '2', '3']);
      const call = clientOf(variant.baseUrl);
      const listed = await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.allowed)}/files?limit=2`, {
        token: variant.token('full'),
      });
      expect(listed.json.data[0]).toMatchObject({ id: asNumbers ? expect.any(Number) : expect.stringMatching(/^\d+$/) });
      // Where a short id is taken for another bucket's: the bucket-limits checks, which read every id they are shown.
      const run = await runAgainst(variant, { level: 'core', grep: '@bucket-limits', overrides: EMBEDDED_OVERRIDES });
      console.log(describeRun(`serial ids${asNumbers ? ' as numbers' : ''}`, run));
      expect(idsWith(run, 'fail')).toEqual([]);
      expect(run.verdict).toMatchObject({ label: 'PASSED', exitCode: 0 });
    }, 240_000);

  it('that ignores bucketIds, or lists another bucket under a prefix, FAILS the bucket-limits rule', async () => {
    const faults = [
      ['bucket-limits-ignored', ['BUCKET-listFiles-other-refused', 'ORACLE-bucket-limits-listFiles']],
      ['listing-spans-buckets', ['BUCKET-listFiles-own-bucket-only', 'ORACLE-bucket-limits-listFiles']],
    ] as const;
    // Two deployments, one run each: their waits overlap.
    const variants = await Promise.all(faults.map(([fault]) => startVariant({ serialIds: true, faults: [fault] })));
    try {
      const runs = await Promise.all(
        variants.map((v) => runAgainst(v, { level: 'core', grep: '@bucket-limits', overrides: EMBEDDED_OVERRIDES })),
      );
      faults.forEach(([fault, must], i) => {
        console.log(describeRun(`serial ids, ${fault}`, runs[i]));
        expect(runs[i].verdict, fault).toMatchObject({ label: 'FAILED', exitCode: 1 });
        expect(idsWith(runs[i], 'fail'), fault).toEqual(expect.arrayContaining([...must]));
      });
    } finally {
      await Promise.all(variants.map((v) => v.close()));
    }
  }, 240_000);
});
