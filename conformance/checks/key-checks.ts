// One check per configured key: it is served on a route of a scope it holds,
// refused on one it lacks, and reaches exactly the buckets its bucketIds name.
// The set-up runs these first, so a misdeclared key is named as such.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { expectRefused, expectServed } from './assert.ts';
import { expectedScope, routeTitle, type GeneratorContext } from './generator-context.ts';
import { callRequest, type BucketRole } from './request-builder.ts';

const ID_PREFIX = 'KEY-';
const ID_SUFFIX = '-as-declared';

/** The key a KEY check verifies, or undefined for any other check id. */
export function keyOfCheck(id: string): string | undefined {
  return id.startsWith(ID_PREFIX) && id.endsWith(ID_SUFFIX) ? id.slice(ID_PREFIX.length, -ID_SUFFIX.length) : undefined;
}

/** A GET route for checking a key: one whose scope the key holds (or lacks), bucket-scoped if asked. */
function readRoute(g: GeneratorContext, key: ResolvedKey, held: boolean, bucketScoped?: boolean): Route | undefined {
  return g.routes.find(
    (r) =>
      r.method === 'GET' &&
      key.scopes.includes(expectedScope(r, g.overrides)) === held &&
      (bucketScoped === undefined || r.bucketScoped === bucketScoped),
  );
}

export function keyCheck(key: ResolvedKey, g: GeneratorContext): CheckDef {
  const served = readRoute(g, key, true);
  const refused = readRoute(g, key, false);
  const inBucket = readRoute(g, key, true, true);
  return {
    id: `${ID_PREFIX}${key.name}${ID_SUFFIX}`,
    title: `the key "${key.name}" is served on a route of a scope it holds, refused on one it lacks, and reaches exactly the buckets of its bucketIds`,
    area: 'auth',
    level: 'core',
    keys: {},
    writes: false,
    fixtures: false,
    async run(ctx) {
      const reaches = (role: BucketRole) => key.bucketIds === null || key.bucketIds.includes(ctx.settings.buckets[role]);
      // A scope probe on a bucket the key reaches, so that only the scope decides.
      const home: BucketRole | undefined = reaches('allowed') ? 'allowed' : reaches('other') ? 'other' : undefined;
      const probe = (route: Route, bucket: BucketRole = home ?? 'allowed') =>
        ctx.api.send(callRequest(route, ctx.settings, bucket, {}, { key: key.name }));
      if (served && (!served.bucketScoped || home)) {
        expectServed(
          await probe(served),
          `a 2xx answer to "${key.name}" on ${routeTitle(served)} (it declares ${expectedScope(served, g.overrides)})`,
        );
      }
      if (refused && (!refused.bucketScoped || home)) {
        expectRefused(
          await probe(refused),
          `a 4xx refusal to "${key.name}" on ${routeTitle(refused)} (it does not declare ${expectedScope(refused, g.overrides)})`,
        );
      }
      if (!inBucket) return;
      for (const role of ['allowed', 'other'] as const) {
        const ex = await probe(inBucket, role);
        const bucket = ctx.settings.buckets[role];
        if (reaches(role))
          expectServed(ex, `a 2xx answer to "${key.name}" on ${routeTitle(inBucket)} in bucket ${bucket} (its bucketIds include it)`);
        else
          expectRefused(ex, `a 4xx refusal to "${key.name}" on ${routeTitle(inBucket)} in bucket ${bucket} (its bucketIds leave it out)`);
      }
    },
  };
}
