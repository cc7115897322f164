// Path checks: every route answers at its documented shape under the base URL
// (core), an unknown path and another version prefix are 404 (profile, G19 and
// G20), and an unlisted method on a known path is 405 with Allow (profile, or
// 404 where overrides.unlistedMethodStatus says so).
import type { Route } from '../../openapi/contract/route-table.ts';
import { otherVersionBase } from '../../openapi/contract/api-base.ts';
import { overrideOf } from '../config/config-types.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import { expectServed, fail } from '../client/assert.ts';
import { errorLabel, expectError } from '../client/error-answer.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { routePath } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';
import { exchangeOf } from '../run/shared-exchange.ts';
import { NotRun } from '../plan/no-verdict.ts';

function servedCheck(route: Route, g: GeneratorContext): CheckDef {
  return {
    id: checkIds.served(route.operationId),
    title: `${routeLabel(route)} answers at its documented path under the base URL`,
    area: 'paths',
    level: 'core',
    route: routeLabel(route),
    // It is the route's served proof: every other check of the route rests on it.
    gate: 'none',
    keys: { holder: holder(route, g.overrides) },
    ...scenarioNeeds(route),
    async run(ctx) {
      // A real target and a valid body: the answer then rests on no order of checks the seed leaves open. Made once
      // per run, by whichever test needs it first; the answer is judged here.
      const proof = await ctx.session.servedProof(route.operationId);
      const ex = exchangeOf(proof.shown);
      const by = proof.sentBy === checkIds.served(route.operationId) ? '' : ` (sent for the run by ${proof.sentBy})`;
      // Not there at its documented path: not built yet (or built elsewhere), told apart from a rule the route breaks.
      if (proof.unserved) throw new NotRun('unbuilt', `not built yet: ${proof.unserved}${by}`);
      // No test file to act on: the call named one that does not exist, and the proof read its answer beside a control.
      if (proof.absentTarget) return 'shown on a file that does not exist: the run had no test file this call may act on';
      if (!route.mutates) return void expectServed(ex, `a 2xx answer at the documented path${by}`);
      // Writes may be refused for reasons of their own (upload-complete is, for agents); 404, 405 and 5xx say the route is not here.
      if ([404, 405].includes(ex.status) || ex.status >= 500)
        fail(`the route to answer a valid request on an existing target (not 404, 405 or 5xx)${by}`, ex);
    },
  };
}

function unlistedMethodCheck(pathTemplate: string, routes: Route[], g: GeneratorContext): CheckDef {
  const first = routes[0];
  const allowed = routes.map((r) => r.method).sort();
  const status = overrideOf(g.overrides, 'unlistedMethodStatus');
  return {
    id: checkIds.unlistedMethod(first.operationId),
    title:
      status === 405
        ? `DELETE ${pathTemplate} (a method the spec does not list) is ${errorLabel(g.overrides, 405, 'method_not_allowed')} with Allow: ${allowed.join(', ')}`
        : `DELETE ${pathTemplate} (a method the spec does not list) is ${errorLabel(g.overrides, 404, 'not_found')}, as overrides.unlistedMethodStatus declares`,
    area: 'paths',
    level: 'profile',
    route: routeLabel(first),
    keys: { holder: holder(first, g.overrides) },
    writes: true,
    fixtures: false,
    async run(ctx) {
      const ex = await ctx.api.send({
        method: 'DELETE',
        path: routePath(first, ctx.settings, 'allowed'),
        auth: { key: ctx.keys.holder[0] },
      });
      if (status === 404) return void expectError(ex, ctx, 404, 'not_found');
      expectError(ex, ctx, 405, 'method_not_allowed');
      const allow = (ex.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim().toUpperCase())
        // HTTP lets a server list HEAD beside GET or leave it out.
        .filter((m) => m && m !== 'HEAD')
        .sort();
      if (allow.join(',') !== allowed.join(',')) fail(`Allow: ${allowed.join(', ')}`, ex, `Allow "${ex.headers.allow ?? ''}"`);
    },
  };
}

// The seed lists its routes and says nothing of other paths, so what they answer is a choice (G19, G20): profile.
function unknownPathChecks(g: GeneratorContext): CheckDef[] {
  const list = g.routes.find((r) => !r.workspaceScoped && r.method === 'GET') ?? g.routes[0];
  const variants = [
    {
      slug: 'unknown-path' as const,
      what: 'an unknown path under the base URL',
      path: (base: string, runId: string) => `${base}/bucketkit-unknown-${runId}`,
    },
    {
      slug: 'other-version' as const,
      what: `${list.pathTemplate} under the next version prefix`,
      path: (base: string) => `${otherVersionBase(base)}${list.pathTemplate}`,
    },
  ];
  return variants.map((v): CheckDef => ({
    id: checkIds.unknownPath(v.slug),
    title: `GET ${v.what} is ${errorLabel(g.overrides, 404, 'not_found')}`,
    area: 'paths',
    level: 'profile',
    keys: { holder: holder(list, g.overrides) },
    writes: false,
    fixtures: false,
    async run(ctx) {
      const ex = await ctx.api.send({
        method: 'GET',
        path: v.path(ctx.settings.baseUrl, ctx.settings.runId),
        auth: { key: ctx.keys.holder[0] },
      });
      expectError(ex, ctx, 404, 'not_found');
    },
  }));
}

/** The path checks of every route and path. */
export function pathChecks(g: GeneratorContext): CheckDef[] {
  const byPath = new Map<string, Route[]>();
  for (const route of g.routes) byPath.set(route.pathTemplate, [...(byPath.get(route.pathTemplate) ?? []), route]);
  return [
    ...g.routes.map((route) => servedCheck(route, g)),
    ...[...byPath].map(([path, routes]) => unlistedMethodCheck(path, routes, g)),
    ...unknownPathChecks(g),
  ];
}
