// Schema checks (profile), generated per route: a successful call answers the
// documented success status with a body valid against the spec's schema.
import type { Route } from '../../openapi/contract/route-table.ts';
import { overrideOf } from '../config/config-types.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import { expectStatus, expectValidResponse } from '../client/assert.ts';
import { expectError } from '../client/error-answer.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { bookOf } from '../operations/books.ts';
import { callRequest } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';

function responseCheck(route: Route, g: GeneratorContext): CheckDef {
  // The agent-forbidden route never succeeds for an API key: its documented 403 is what is checked.
  const status = route.agentForbidden ? 403 : route.successStatus;
  // That 403 is an error answer: under errorFormat "any" its body is the deployment's own, so only the status counts.
  const ownErrorFormat = route.agentForbidden && overrideOf(g.overrides, 'errorFormat') === 'any';
  return {
    id: checkIds.schema(route.operationId),
    title: ownErrorFormat
      ? `${routeLabel(route)} answers ${status} (an error body in the deployment's own format, as overrides.errorFormat declares)`
      : `${routeLabel(route)} answers ${status} with a body valid against the spec`,
    area: 'schemas',
    level: 'profile',
    route: routeLabel(route),
    keys: { holder: holder(route, g.overrides) },
    ...scenarioNeeds(route),
    async run(ctx) {
      const call = await bookOf(route).valid(ctx, 'allowed');
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }));
      if (ownErrorFormat) return void expectError(ex, ctx, status, 'agent_upload_complete_forbidden');
      expectStatus(ex, [status], `status ${status}`);
      expectValidResponse(ex, route, ctx.validator);
    },
  };
}

/** One response-schema check per route. */
export function schemaChecks(g: GeneratorContext): CheckDef[] {
  return g.routes.map((route) => responseCheck(route, g));
}
