// bucketIds checks: every bucket-scoped route refused on a bucket outside the
// key's bucketIds (core: 403 or 404; profile: the same answer as an absent
// bucket), files of another bucket unreachable through an allowed bucket's
// path, moves into a barred bucket refused, and listings that hide it.
import type { Route } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';
import type { CheckDef, CheckRun, KeyNeed } from '../plan/check-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { expectNoData, expectRefused, expectStatus, fail } from './assert.ts';
import { expectedScope, routeTitle, scenarioNeeds, type GeneratorContext } from './generator-context.ts';
import { scenarioFor } from './operations.ts';
import { callRequest, fileAt, routeById, type OperationCall } from './request-builder.ts';
import { listingChecks as bucketListingChecks } from './bucket-listing-checks.ts';

const restricted = (route: Route, g: GeneratorContext): KeyNeed => ({
  holds: [expectedScope(route, g.overrides)],
  reaches: ['allowed'],
  barredFrom: 'other',
});

/** The request-body fields of a route that name files (`fileId`, `fileIds`), read from its schema. */
export function bodyFileFields(route: Route): string[] {
  if (!route.requestBody) return [];
  const doc = loadBundledSpec();
  const schema = resolveRef<{ properties?: Record<string, unknown> }>(doc, { $ref: route.requestBody.schemaRef });
  return Object.keys(schema.properties ?? {}).filter((name) => name === 'fileId' || name === 'fileIds');
}

async function otherBucketCall(ctx: CheckRun, route: Route): Promise<OperationCall> {
  return scenarioFor(route).valid(ctx, 'other');
}

function otherRefusedCheck(route: Route, g: GeneratorContext): CheckDef {
  return {
    id: `BUCKET-${route.operationId}-other-refused`,
    title: `${routeTitle(route)} on a bucket outside the key's bucketIds is refused with 403 or 404`,
    area: 'bucket-limits',
    level: 'core',
    route: routeTitle(route),
    keys: { restricted: restricted(route, g) },
    ...scenarioNeeds(route, 'other'),
    async run(ctx) {
      const ex = await ctx.api.send(
        callRequest(route, ctx.settings, 'other', await otherBucketCall(ctx, route), { key: ctx.keys.restricted[0] }),
      );
      expectStatus(ex, [403, 404], `403 or 404 for key "${ctx.keys.restricted[0]}", whose bucketIds exclude the bucket`);
      expectNoData(ex, route, ctx.validator);
    },
  };
}

/** The problem body with the bucket id replaced, for comparing "forbidden" with "absent". */
function shape(ex: Exchange, bucketId: string): string {
  const body = (ex.json ?? {}) as Record<string, unknown>;
  const strip = (v: unknown) => (typeof v === 'string' ? v.split(bucketId).join('{bucketId}') : v);
  return JSON.stringify({
    status: ex.status,
    code: body.code,
    title: strip(body.title),
    detail: strip(body.detail),
    type: strip(body.type),
  });
}

function indistinguishableCheck(route: Route, g: GeneratorContext): CheckDef {
  // The agent-forbidden refusal comes before the bucket check (GAPS G03, the check order), so it answers both alike.
  const status = route.agentForbidden ? 403 : (g.overrides.foreignBucketStatus ?? 404);
  return {
    id: `BUCKET-${route.operationId}-other-like-absent`,
    title: `${routeTitle(route)} on a bucket outside the key's bucketIds is ${status}${route.agentForbidden ? ' agent_upload_complete_forbidden' : status === 404 ? ' not_found' : ''}, in the same form as an absent bucket`,
    area: 'bucket-limits',
    level: 'profile',
    route: routeTitle(route),
    keys: { restricted: restricted(route, g) },
    ...scenarioNeeds(route, 'other'),
    async run(ctx) {
      const key = ctx.keys.restricted[0];
      const call = await otherBucketCall(ctx, route);
      const foreign = await ctx.api.send(callRequest(route, ctx.settings, 'other', call, { key }));
      expectStatus(foreign, [status], `${status} for a bucket outside bucketIds`);
      const absentId = `bkt_bucketkit_absent_${ctx.unique()}`;
      const absent = await ctx.api.send(callRequest(route, ctx.settings, { id: absentId }, call, { key }));
      const a = shape(foreign, ctx.settings.buckets.other);
      const b = shape(absent, absentId);
      if (a !== b) fail(`the same answer as for an absent bucket (${b})`, foreign, a);
    },
  };
}

function crossFileCheck(route: Route, g: GeneratorContext): CheckDef {
  const fields = bodyFileFields(route);
  return {
    id: `BUCKET-${route.operationId}-foreign-file-refused`,
    title: `${routeTitle(route)} naming a file of another bucket through the allowed bucket's path is refused`,
    area: 'bucket-limits',
    level: 'core',
    route: routeTitle(route),
    keys: { holder: { holds: [expectedScope(route, g.overrides)], reaches: ['allowed'] } },
    ...scenarioNeeds(route),
    fixtures: true,
    async run(ctx) {
      const foreign = await ctx.files.create('other');
      const call = await scenarioFor(route).valid(ctx, 'allowed');
      const json = { ...(call.json as Record<string, unknown>) };
      for (const field of fields) json[field] = field.endsWith('s') ? [foreign.id] : foreign.id;
      const request = callRequest(
        route,
        ctx.settings,
        'allowed',
        { ...call, fileId: route.pathTemplate.includes('{fileId}') ? foreign.id : call.fileId, json: route.requestBody ? json : undefined },
        { key: ctx.keys.holder[0] },
      );
      const ex = await ctx.api.send(request);
      expectRefused(ex, `a 4xx refusal: file ${foreign.id} belongs to the other bucket`);
      expectNoData(ex, route, ctx.validator);
    },
  };
}

function moveDestinationCheck(g: GeneratorContext): CheckDef {
  const route = routeById('moveFiles');
  return {
    id: 'BUCKET-moveFiles-destination-refused',
    title: `${routeTitle(route)} into a bucket outside the key's bucketIds is refused with 403 or 404 and moves nothing`,
    area: 'bucket-limits',
    level: 'core',
    route: routeTitle(route),
    keys: { restricted: restricted(route, g) },
    ...scenarioNeeds(route),
    async run(ctx) {
      const file = await ctx.files.create('allowed');
      const call = {
        json: {
          fileIds: [file.id],
          destination: { bucketId: ctx.settings.buckets.other, prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` },
        },
      };
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key: ctx.keys.restricted[0] }));
      expectStatus(ex, [403, 404], '403 or 404 for a destination outside bucketIds');
      if (!(await fileAt(ctx, 'allowed', file.path))) fail('the file to stay where it was', ex, 'the file left its path');
    },
  };
}

/** The bucketIds checks of every bucket-scoped route, plus move and listing checks. */
export function bucketChecks(g: GeneratorContext): CheckDef[] {
  const scoped = g.routes.filter((r) => r.bucketScoped);
  return [
    ...scoped.flatMap((route) => [otherRefusedCheck(route, g), indistinguishableCheck(route, g)]),
    ...scoped.filter((r) => r.pathTemplate.includes('{fileId}') || bodyFileFields(r).length > 0).map((r) => crossFileCheck(r, g)),
    moveDestinationCheck(g),
    ...bucketListingChecks(g, restricted),
  ];
}
