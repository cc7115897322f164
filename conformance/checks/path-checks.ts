// Path checks: every route answers at its documented shape under the base URL
// (core), an unknown path and another version prefix are 404 (profile), and an
// unlisted method on a known path is 405 with Allow (profile).
import type { Route } from '../../openapi/contract/route-table.ts';
import type { CheckDef, CheckRun } from '../plan/check-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { expectProblem, expectRefused, expectServed, fail } from './assert.ts';
import { holder, routeTitle, type GeneratorContext } from './generator-context.ts';
import { callRequest, routePath } from './request-builder.ts';
import { otherVersionBase } from '../../openapi/contract/api-base.ts';

/** A body no request schema accepts (they all reject unknown fields), so a served route changes nothing. */
export const UNKNOWN_FIELD_BODY = { bucketkitUnknownField: true };

function servedCheck(route: Route, g: GeneratorContext): CheckDef {
  return {
    id: `PATH-${route.operationId}-served`,
    title: `${routeTitle(route)} answers at its documented path under the base URL`,
    area: 'paths',
    level: 'core',
    route: routeTitle(route),
    keys: { holder: holder(route, g.overrides) },
    writes: route.mutates,
    fixtures: false,
    async run(ctx) {
      const call = route.mutates ? { json: UNKNOWN_FIELD_BODY } : {};
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }));
      if (!route.mutates) return expectServed(ex, 'a 2xx answer at the documented path');
      // A body error proves the route exists; a 404/405 or 5xx says it does not answer here.
      if ([404, 405].includes(ex.status) || ex.status >= 500) fail('the route to answer (a 2xx, or a 4xx about the body), not 404/405', ex);
    },
  };
}

function methodNotAllowedCheck(pathTemplate: string, routes: Route[], g: GeneratorContext): CheckDef {
  const first = routes[0];
  const allowed = routes.map((r) => r.method).sort();
  return {
    id: `PATH-${first.operationId}-unlisted-method-405`,
    title: `DELETE ${pathTemplate} (a method the spec does not list) is 405 with Allow: ${allowed.join(', ')}`,
    area: 'paths',
    level: 'profile',
    route: routeTitle(first),
    keys: { holder: holder(first, g.overrides) },
    writes: true,
    fixtures: false,
    async run(ctx) {
      const ex = await ctx.api.send({
        method: 'DELETE',
        path: routePath(first, ctx.settings, 'allowed'),
        auth: { key: ctx.keys.holder[0] },
      });
      expectProblem(ex, 405, 'method_not_allowed', ctx.validator);
      const allow = (ex.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean)
        .sort();
      if (allow.join(',') !== allowed.join(',')) fail(`Allow: ${allowed.join(', ')}`, ex, `Allow "${ex.headers.allow ?? ''}"`);
    },
  };
}

function unknownPathChecks(g: GeneratorContext): CheckDef[] {
  const list = g.routes.find((r) => !r.workspaceScoped && r.method === 'GET') ?? g.routes[0];
  const variants = [
    {
      slug: 'unknown-path',
      what: 'an unknown path under the base URL',
      path: (base: string, runId: string) => `${base}/bucketkit-unknown-${runId}`,
    },
    {
      slug: 'other-version',
      what: `${list.pathTemplate} under the next version prefix`,
      path: (base: string) => `${otherVersionBase(base)}${list.pathTemplate}`,
    },
  ];
  const check = (
    v: (typeof variants)[number],
    level: 'core' | 'profile',
    expectation: string,
    verify: (ex: Exchange, ctx: CheckRun) => void,
  ): CheckDef => ({
    id: `PATH-${v.slug}-${level === 'core' ? 'refused' : '404'}`,
    title: `GET ${v.what} is ${expectation}`,
    area: 'paths',
    level,
    keys: { holder: holder(list, g.overrides) },
    writes: false,
    fixtures: false,
    async run(ctx) {
      verify(
        await ctx.api.send({ method: 'GET', path: v.path(ctx.settings.baseUrl, ctx.settings.runId), auth: { key: ctx.keys.holder[0] } }),
        ctx,
      );
    },
  });
  return variants.flatMap((v) => [
    check(v, 'core', 'not served', (ex) => expectRefused(ex, 'a 4xx answer')),
    check(v, 'profile', '404 not_found', (ex, ctx) => void expectProblem(ex, 404, 'not_found', ctx.validator)),
  ]);
}

/** The path checks of every route and path. */
export function pathChecks(g: GeneratorContext): CheckDef[] {
  const byPath = new Map<string, Route[]>();
  for (const route of g.routes) byPath.set(route.pathTemplate, [...(byPath.get(route.pathTemplate) ?? []), route]);
  return [
    ...g.routes.map((route) => servedCheck(route, g)),
    ...[...byPath].map(([path, routes]) => methodNotAllowedCheck(path, routes, g)),
    ...unknownPathChecks(g),
  ];
}
