// Scope matrix checks, generated per route: refused without the route's scope
// (no data, no effect), 403 insufficient_scope naming it (profile), and served
// with a key holding only what it needs.
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import { overrideOf } from '../config/config-types.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { expectNoData, expectRefused, expectServed, expectStatus, fail } from '../client/assert.ts';
import { errorLabel, expectError } from '../client/error-answer.ts';
import { scopeHolder, scopeLevel, type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { bookOf } from '../operations/books.ts';
import { callRequest } from '../client/request-builder.ts';
import { showsWithinWindow } from '../client/read-back.ts';
import { checkIds } from '../plan/check-ids.ts';

/** Sends the route's call (a probe with read-back when it mutates) with each key lacking the scope. */
async function sendWithoutScope(ctx: CheckRun, route: Route, checkEffect: boolean) {
  const book = bookOf(route);
  const probe = checkEffect && book.probe ? await book.probe(ctx, 'allowed') : undefined;
  const call = probe?.call ?? (await book.valid(ctx, 'allowed'));
  const exchanges = [];
  for (const key of ctx.keys.lacking) {
    exchanges.push({ key, ex: await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key })) });
  }
  return { exchanges, probe };
}

function refusedCheck(route: Route, g: GeneratorContext): CheckDef {
  const scope = expectedScope(route, g.overrides);
  return {
    id: checkIds.scope(route.operationId, 'refused'),
    title: `${routeLabel(route)} without ${scope} is refused${route.mutates ? ' and changes nothing' : ''}`,
    area: 'scopes',
    level: scopeLevel(route),
    route: routeLabel(route),
    keys: { lacking: { lacks: scope, reaches: route.bucketScoped ? ['allowed'] : undefined, every: true } },
    ...scenarioNeeds(route),
    async run(ctx) {
      const { exchanges, probe } = await sendWithoutScope(ctx, route, true);
      for (const { key, ex } of exchanges) {
        expectRefused(ex, `a 4xx refusal for key "${key}", which lacks ${scope}`);
        expectNoData(ex, route, ctx.validator, ctx.api.listingShapes?.itemsOf(route.operationId));
      }
      // A refused write must not show at any time within the consistency window.
      if (probe && (await showsWithinWindow(ctx, probe.effectVisible)))
        fail(
          `no change after the refused request (key "${exchanges[0].key}")`,
          exchanges[0].ex,
          'the change was applied: a read-back shows it',
        );
    },
  };
}

function insufficientScopeCheck(route: Route, g: GeneratorContext): CheckDef {
  const scope = expectedScope(route, g.overrides);
  return {
    id: checkIds.scope(route.operationId, 'insufficient-scope'),
    title: `${routeLabel(route)} without ${scope} is ${errorLabel(g.overrides, 403, 'insufficient_scope')} naming ${scope}`,
    area: 'scopes',
    level: 'profile',
    route: routeLabel(route),
    keys: { lacking: { lacks: scope, reaches: route.bucketScoped ? ['allowed'] : undefined, every: true } },
    ...scenarioNeeds(route),
    async run(ctx) {
      const { exchanges } = await sendWithoutScope(ctx, route, false);
      for (const { ex } of exchanges) expectError(ex, ctx, 403, 'insufficient_scope', { scope });
    },
  };
}

function allowedCheck(route: Route, g: GeneratorContext): CheckDef {
  const scope = expectedScope(route, g.overrides);
  return {
    id: checkIds.scope(route.operationId, 'allowed'),
    title: `${routeLabel(route)} with ${scope} is served`,
    area: 'scopes',
    level: scopeLevel(route),
    route: routeLabel(route),
    keys: { holder: scopeHolder(route, g.overrides) },
    ...scenarioNeeds(route),
    async run(ctx) {
      const book = bookOf(route);
      const call = await book.valid(ctx, 'allowed');
      const key = ctx.keys.holder[0];
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key }));
      const busy = book.busy ?? [];
      const what = busy.length ? `a 2xx (or ${busy.join('/')}: busy) answer` : 'a 2xx answer';
      expectStatus(ex, (s) => isSuccess(s) || busy.includes(s), `${what} for key "${key}", which holds ${scope}`);
    },
  };
}

function takesEffectCheck(route: Route, g: GeneratorContext): CheckDef {
  const scope = expectedScope(route, g.overrides);
  return {
    id: checkIds.takesEffect(route.operationId),
    title: `${routeLabel(route)} with ${scope} takes effect, as a read-back shows`,
    area: 'scopes',
    level: 'profile',
    route: routeLabel(route),
    keys: { holder: scopeHolder(route, g.overrides) },
    ...scenarioNeeds(route),
    async run(ctx) {
      const probe = await bookOf(route).probe!(ctx, 'allowed');
      const key = ctx.keys.holder[0];
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', probe.call, { key }));
      expectServed(ex, `a 2xx answer for key "${key}", which holds ${scope}`);
      if (!(await showsWithinWindow(ctx, probe.effectVisible)))
        fail(
          `the change to show in a read-back within ${overrideOf(ctx.settings.overrides, 'consistencyWindowMs')} ms (overrides.consistencyWindowMs)`,
          ex,
          `${ex.status}, but a read-back does not show the change`,
        );
    },
  };
}

/** The scope checks of every route. The agent-forbidden route's "served" check lives with uploads. */
export function scopeChecks(g: GeneratorContext): CheckDef[] {
  return g.routes.flatMap((route) => [
    refusedCheck(route, g),
    insufficientScopeCheck(route, g),
    ...(route.agentForbidden ? [] : [allowedCheck(route, g)]),
    ...(bookOf(route).probe ? [takesEffectCheck(route, g)] : []),
  ]);
}
