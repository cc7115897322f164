// Mass assignment (core, bucket-limits): each writing route is sent a valid
// body plus properties it does not offer, by a key barred from the other
// bucket where the config has one. Ignoring them or refusing the request both
// pass; applying one (a file's path, size, status or bucket, a record's id or
// times, anything landing in the other bucket) fails.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { fail } from './assert.ts';
import { expectedScope, routeTitle, scenarioNeeds, type GeneratorContext } from './generator-context.ts';
import { MASS_CASES, protectedFor, protectedProperties } from './mass-assignment.ts';
import { changeWithinWindow } from './read-back.ts';
import { callRequest, isSuccess, operationOf, routeById } from './request-builder.ts';

/** What the seed (or, beyond it, the contract) says the write does: the only change it may make. */
function effectOf(route: Route): string {
  return route.operationId === 'updateFile' ? "the file's tags and description" : `what ${route.operationId} itself does`;
}

function massAssignmentCheck(route: Route, g: GeneratorContext): CheckDef {
  const { attempt, reads } = MASS_CASES[operationOf(route)]!;
  const needs = scenarioNeeds(route);
  const readScopes = [...new Set([routeById(reads).scope, routeById('listFiles').scope])];
  const names = protectedFor(route);
  const listed = [...names.filter((n) => !n.endsWith('At')), ...(names.some((n) => n.endsWith('At')) ? ['times'] : [])];
  const only = route.operationId === 'updateFile' ? ' (it changes tags and description only)' : '';
  return {
    id: `BUCKET-${route.operationId}-mass-assignment`,
    title: `${routeTitle(route)} with ${listed.join(', ')} in its body changes none of them${only} and puts nothing in a bucket outside the key's bucketIds`,
    area: 'bucket-limits',
    level: 'core',
    route: routeTitle(route),
    keys: { writer: { holds: [expectedScope(route, g.overrides)], reaches: ['allowed'], preferBarredFrom: 'other' } },
    ...needs,
    needs: needs.fixtures ? ['allowedFile'] : undefined,
    harness: [...(needs.harness ?? []), { scopes: readScopes, bucket: 'allowed' }, { scopes: readScopes, bucket: 'other' }],
    async run(ctx) {
      const extra = protectedProperties(ctx);
      const sent = Object.fromEntries(names.map((name) => [name, extra[name]]));
      const tried = await attempt(ctx, sent);
      const key = ctx.keys.writer[0];
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', tried.call, { key }));
      const served = isSuccess(ex.status);
      // The seed offers no way to set these: ignoring them (2xx) and refusing the request (any 4xx) are both right.
      if (!served && !(ex.status >= 400 && ex.status < 500)) fail('a 2xx (the properties ignored) or a 4xx refusal', ex);
      await tried.answered?.(ex);
      const expected = `nothing changed beyond ${effectOf(route)}, and nothing put in bucket ${ctx.settings.buckets.other}`;
      const answer = served ? `served (${ex.status})` : `refused (${ex.status})`;
      // Watched for the whole window: the seed promises no read-after-write consistency.
      const drift = await changeWithinWindow(ctx, tried.drift);
      if (drift) fail(expected, ex, `${answer}, yet ${drift}`);
      const lost = tried.lost?.();
      if (lost) fail(expected, ex, `${answer}, yet ${lost}`);
      const declared = ctx.settings.keys.find((k) => k.name === key);
      const barred = declared?.bucketIds !== null && declared?.bucketIds?.includes(ctx.settings.buckets.other) === false;
      const how = served ? 'served with the properties ignored' : `refused (${ex.status})`;
      return barred ? how : `${how}; key "${key}" reaches every bucket, so no key's bucketIds were put to the test`;
    },
  };
}

/** One mass-assignment check per writing route that has a case (see MASS_CASES). */
export function massAssignmentChecks(g: GeneratorContext): CheckDef[] {
  return g.routes.filter((route) => MASS_CASES[operationOf(route)] !== undefined).map((route) => massAssignmentCheck(route, g));
}
