// Mass assignment (core, bucket-limits): each writing route is sent a valid
// body plus properties it does not offer, by a key barred from the other
// bucket where the config has one. Ignoring them or refusing the request both
// pass; applying one (a file's path, size, status or bucket, a record's id or
// times, anything landing in the other bucket) fails.
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { BOOKS } from '../operations/books.ts';
import { fileServerFields } from '../operations/mass-read-backs.ts';
import { idKindOf, isIdSchema, isPathName, loadContract, requestPropertiesOf, type Schema } from '../operators/contract-fields.ts';
import { fail } from '../client/assert.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope, reachesBucket } from '../oracles/who-may-call.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { changeWithinWindow } from '../client/read-back.ts';
import { callRequest, operationOf, routeById } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';

/** A value of a protected field no server would choose itself, read from its schema, so a read-back can tell it was taken. */
function protectedValue(ctx: CheckRun, u: string, name: string, schema: Schema): unknown {
  if (isIdSchema(loadContract(), schema)) {
    const kind = name === 'id' ? 'record' : idKindOf(name);
    // The other bucket (what a key's bucketIds leave out), a workspace that is not the record's, or an id of none.
    if (kind === 'bucket') return ctx.settings.buckets.other;
    if (kind === 'workspace') return `${ctx.settings.workspaceId}-bucketkit-mass`;
    return `bucketkit_mass_${u}`;
  }
  if (isPathName(name)) return `${ctx.settings.runPrefix}mass/${u}/taken.txt`;
  if (schema.format === 'date-time') return '2001-02-03T04:05:06Z';
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  // A record starts in its first state: the last is one no write starts it in (a file `trashed`).
  if (schema.enum?.length) return schema.enum.at(-1);
  return `bucketkit-mass-${u}`;
}

/** The protected properties a route's body does not offer (the file's server-set fields), each with its value. */
export function protectedProperties(ctx: CheckRun, route: Route): Record<string, unknown> {
  const u = ctx.unique();
  return Object.fromEntries(protectedFields(route).map(([name, schema]) => [name, protectedValue(ctx, u, name, schema)]));
}

/** The file's fields only a server sets (contract-fields.ts) that the route's body does not offer. */
function protectedFields(route: Route): [string, Schema][] {
  const offered = requestPropertiesOf(loadContract(), route);
  return fileServerFields().filter(([name]) => !offered.has(name));
}

/** The names of the protected properties a route's body does not offer. */
export const protectedFor = (route: Route): string[] => protectedFields(route).map(([name]) => name);

/** What the seed (or, beyond it, the contract) says the write does: the only change it may make. */
function effectOf(route: Route): string {
  return route.operationId === 'updateFile' ? "the file's tags and description" : `what ${route.operationId} itself does`;
}

function massAssignmentCheck(route: Route, g: GeneratorContext): CheckDef {
  const { attempt, reads } = BOOKS[operationOf(route)].mass!;
  const needs = scenarioNeeds(route);
  const readScopes = [...new Set([routeById(reads).scope, routeById('listFiles').scope])];
  const names = protectedFor(route);
  const listed = [...names.filter((n) => !n.endsWith('At')), ...(names.some((n) => n.endsWith('At')) ? ['times'] : [])];
  const only = route.operationId === 'updateFile' ? ' (it changes tags and description only)' : '';
  return {
    id: checkIds.massAssignment(route.operationId),
    title: `${routeLabel(route)} with ${listed.join(', ')} in its body changes none of them${only} and puts nothing in a bucket outside the key's bucketIds`,
    area: 'bucket-limits',
    level: 'core',
    route: routeLabel(route),
    keys: { writer: { holds: [expectedScope(route, g.overrides)], reaches: ['allowed'], preferBarredFrom: 'other' } },
    ...needs,
    needs: needs.fixtures ? ['allowedFile'] : undefined,
    harness: [...(needs.harness ?? []), { scopes: readScopes, bucket: 'allowed' }, { scopes: readScopes, bucket: 'other' }],
    async run(ctx) {
      const sent = protectedProperties(ctx, route);
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
      const barred = declared !== undefined && !reachesBucket(declared, ctx.settings.buckets.other);
      const how = served ? 'served with the properties ignored' : `refused (${ex.status})`;
      return barred ? how : `${how}; key "${key}" reaches every bucket, so no key's bucketIds were put to the test`;
    },
  };
}

/** One mass-assignment check per writing route whose book has a mass-assignment case. */
export function massAssignmentChecks(g: GeneratorContext): CheckDef[] {
  return g.routes.filter((route) => BOOKS[operationOf(route)].mass !== undefined).map((route) => massAssignmentCheck(route, g));
}
