// bucketIds checks: every bucket-scoped route refused on a bucket outside the
// key's bucketIds (core: any refusal; profile: the same answer as an absent
// bucket, or 403 by override), moves into a barred bucket refused, and the
// checks of foreign files, listings, leaks and mass assignment (their own modules).
import type { Route } from '../../openapi/contract/route-table.ts';
import { overrideOf } from '../config/config-types.ts';
import { routeLabel, type CheckDef, type KeyNeed } from '../plan/check-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { expectNoData, expectRefused, expectStatus, fail } from '../client/assert.ts';
import { errorLabel, expectError } from '../client/error-answer.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { bookOf } from '../operations/books.ts';
import { fileAt, showsWithinWindow } from '../client/read-back.ts';
import { callRequest, routeById, type OperationCall } from '../client/request-builder.ts';
import { bucketListingChecks } from './bucket-listing-checks.ts';
import { bucketLeakChecks } from './bucket-leak-checks.ts';
import { foreignFileChecks } from './foreign-file-checks.ts';
import { massAssignmentChecks } from './mass-assignment-checks.ts';
import { checkIds } from '../plan/check-ids.ts';

const restricted = (route: Route, g: GeneratorContext): KeyNeed => ({
  holds: [expectedScope(route, g.overrides)],
  reaches: ['allowed'],
  barredFrom: 'other',
});

function otherRefusedCheck(route: Route, g: GeneratorContext): CheckDef {
  return {
    id: checkIds.bucket(route.operationId, 'other-refused'),
    title: `${routeLabel(route)} on a bucket outside the key's bucketIds is refused`,
    area: 'bucket-limits',
    level: 'core',
    route: routeLabel(route),
    keys: { restricted: restricted(route, g) },
    ...scenarioNeeds(route, 'other'),
    async run(ctx) {
      const call = await bookOf(route).valid(ctx, 'other');
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'other', call, { key: ctx.keys.restricted[0] }));
      // The seed states the restriction, not its status: any refusal will do (403 or 404 are the usual ones).
      expectRefused(ex, `a 4xx refusal for key "${ctx.keys.restricted[0]}", whose bucketIds exclude the bucket`);
      expectNoData(ex, route, ctx.validator, ctx.api.listingShapes?.itemsOf(route.operationId));
    },
  };
}

// Fields that differ between any two answers (request ids, times): left out when two answers are compared.
const VOLATILE = /^(instance|request_?id|trace_?id|correlation_?id|timestamp|time)$/i;

/** An error answer with the bucket id replaced, for comparing "forbidden" with "absent". */
function comparable(ex: Exchange, bucketId: string, problemJson: boolean): string {
  const strip = (value: unknown): unknown => {
    if (typeof value === 'string') return value.split(bucketId).join('{bucketId}');
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !VOLATILE.test(k))
          .map(([k, v]) => [k, strip(v)]),
      );
    return value;
  };
  const body = (ex.json ?? {}) as Record<string, unknown>;
  if (!problemJson) return JSON.stringify({ status: ex.status, body: strip(ex.json ?? ex.text) });
  return JSON.stringify({
    status: ex.status,
    ...(strip({ code: body.code, title: body.title, detail: body.detail, type: body.type }) as object),
  });
}

function indistinguishableCheck(route: Route, g: GeneratorContext): CheckDef {
  const declared = overrideOf(g.overrides, 'foreignBucketStatus');
  // The agent-forbidden refusal comes before the bucket check (GAPS G03, the check order), so it answers both alike.
  const status = route.agentForbidden ? 403 : declared;
  const label = route.agentForbidden
    ? errorLabel(g.overrides, 403, 'agent_upload_complete_forbidden')
    : errorLabel(g.overrides, status, 'not_found');
  const likeAbsent = route.agentForbidden || status === 404;
  return {
    id: checkIds.bucket(route.operationId, 'other-like-absent'),
    title: likeAbsent
      ? `${routeLabel(route)} on a bucket outside the key's bucketIds is ${label}, in the same form as an absent bucket`
      : `${routeLabel(route)} on a bucket outside the key's bucketIds is 403, as overrides.foreignBucketStatus declares`,
    area: 'bucket-limits',
    level: 'profile',
    route: routeLabel(route),
    keys: { restricted: restricted(route, g) },
    ...scenarioNeeds(route, 'other'),
    async run(ctx) {
      const key = ctx.keys.restricted[0];
      const call = await bookOf(route).valid(ctx, 'other');
      const foreign = await ctx.api.send(callRequest(route, ctx.settings, 'other', call, { key }));
      if (route.agentForbidden) expectError(foreign, ctx, 403, 'agent_upload_complete_forbidden');
      else if (status === 404) expectError(foreign, ctx, 404, 'not_found');
      // The register names no code for a 403 on a foreign bucket: the status is the declared choice.
      else expectStatus(foreign, [403], '403 for a bucket outside bucketIds (overrides.foreignBucketStatus)');
      // A deployment answering 403 tells "forbidden" from "absent" by design: nothing to compare.
      if (!likeAbsent) return;
      const problemJson = overrideOf(ctx.settings.overrides, 'errorFormat') === 'problem+json';
      const absentId = `bkt_bucketkit_absent_${ctx.unique()}`;
      const absent = await ctx.api.send(callRequest(route, ctx.settings, { id: absentId }, call, { key }));
      const a = comparable(foreign, ctx.settings.buckets.other, problemJson);
      const b = comparable(absent, absentId, problemJson);
      if (a !== b) fail(`the same answer as for an absent bucket (${b})`, foreign, a);
    },
  };
}

function moveDestinationCheck(g: GeneratorContext): CheckDef {
  const route = routeById('moveFiles');
  return {
    id: checkIds.bucket('moveFiles', 'destination-refused'),
    title: `${routeLabel(route)} into a bucket outside the key's bucketIds is refused and moves nothing`,
    area: 'bucket-limits',
    level: 'core',
    route: routeLabel(route),
    keys: { restricted: restricted(route, g) },
    ...scenarioNeeds(route),
    async run(ctx) {
      const file = await ctx.files.create('allowed');
      const call: OperationCall<'moveFiles'> = {
        json: {
          fileIds: [file.id],
          destination: { bucketId: ctx.settings.buckets.other, prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` },
        },
      };
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key: ctx.keys.restricted[0] }));
      expectRefused(ex, 'a 4xx refusal for a destination outside bucketIds');
      if (await showsWithinWindow(ctx, async () => !(await fileAt(ctx, 'allowed', file.path))))
        fail('the file to stay where it was', ex, 'the file left its path');
    },
  };
}

/** The bucketIds checks of every bucket-scoped route, plus move, foreign-file, listing and leak checks. */
export function bucketChecks(g: GeneratorContext): CheckDef[] {
  const scoped = g.routes.filter((r) => r.bucketScoped);
  return [
    ...scoped.flatMap((route) => [otherRefusedCheck(route, g), indistinguishableCheck(route, g)]),
    ...foreignFileChecks(g, restricted),
    moveDestinationCheck(g),
    ...bucketListingChecks(g, restricted),
    ...bucketLeakChecks(g, restricted),
    ...massAssignmentChecks(g),
  ];
}
