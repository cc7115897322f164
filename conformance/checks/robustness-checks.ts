// Robustness checks (core: the gap register's "never a 5xx for a client's
// mistake"), generated per route: bad bodies, bad query values and bad path
// parameters are all answered below 500.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { ApiRequest } from '../http/api-client.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { expectStatus } from './assert.ts';
import { holder, routeTitle, type GeneratorContext } from './generator-context.ts';
import { routePath } from './request-builder.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Bodies no request schema accepts; each must be a 4xx. */
export function badBodies(): { label: string; raw: string; contentType?: string }[] {
  return [
    { label: 'unparseable JSON', raw: '{"broken": ' },
    { label: 'a JSON array', raw: '[]' },
    { label: 'JSON null', raw: 'null' },
    { label: 'a JSON string', raw: '"text"' },
    { label: 'deeply nested arrays', raw: nested(5000) },
    { label: 'invalid UTF-8', raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1') },
    { label: 'a form body', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  ];
}

/** Query values of the wrong kind for each parameter type. */
function badQueryValues(route: Route): Record<string, string>[] {
  return route.queryParams.flatMap((p) =>
    ['-1', 'abc', '1e309', '%00', 'x'.repeat(5000), '99999999999999999999'].map((v) => ({ [p.name]: v })),
  );
}

/** Path parameter values that are not ids. */
const BAD_IDS = ['..', '.', '%00', 'a'.repeat(300), ' ', '%2F', '💥', '%E0%A4%A'];

function check(
  route: Route,
  g: GeneratorContext,
  slug: string,
  what: string,
  writes: boolean,
  requests: (ctx: Parameters<CheckDef['run']>[0]) => ApiRequest[],
  refusal = true,
): CheckDef {
  return {
    id: `ROBUST-${route.operationId}-${slug}`,
    title: `${routeTitle(route)} with ${what} is answered ${refusal ? 'with a 4xx' : 'below 500'}, never a 5xx`,
    area: 'robustness',
    level: 'core',
    route: routeTitle(route),
    keys: { holder: holder(route, g.overrides) },
    writes,
    fixtures: false,
    async run(ctx) {
      for (const request of requests(ctx)) {
        const ex = await ctx.api.send(request);
        const ok = (s: number) => s < 500 && (!refusal || s >= 400);
        expectStatus(
          ex,
          ok,
          `${refusal ? 'a 4xx' : 'a non-5xx'} answer to ${request.method} ${request.path.slice(0, 120)}${request.query ? ` ?${Object.keys(request.query).join()}` : ''}`,
        );
      }
    },
  };
}

/** The robustness checks of every route. */
export function robustnessChecks(g: GeneratorContext): CheckDef[] {
  return g.routes.flatMap((route) => {
    const out: CheckDef[] = [];
    const auth = (ctx: Parameters<CheckDef['run']>[0]) => ({ key: ctx.keys.holder[0] });
    if (route.requestBody) {
      out.push(
        check(route, g, 'bad-bodies', 'malformed or mistyped bodies', true, (ctx) =>
          badBodies().map((b) => ({
            method: route.method,
            path: routePath(route, ctx.settings, 'allowed'),
            rawBody: Buffer.from(b.raw, 'latin1'),
            contentType: b.contentType,
            auth: auth(ctx),
          })),
        ),
      );
    }
    if (route.queryParams.length) {
      out.push(
        check(
          route,
          g,
          'bad-query',
          'query values of the wrong kind',
          route.mutates,
          (ctx) =>
            badQueryValues(route).map((query) => ({
              method: route.method,
              path: routePath(route, ctx.settings, 'allowed'),
              query,
              auth: auth(ctx),
            })),
          false,
        ),
      );
    }
    if (route.pathParams.length) {
      out.push(
        check(route, g, 'bad-path', 'path parameters that are not ids', route.mutates, (ctx) =>
          route.pathParams.flatMap((p) =>
            BAD_IDS.map((bad) => {
              const values = {
                workspaceId: ctx.settings.workspaceId,
                bucketId: ctx.settings.buckets.allowed,
                fileId: 'file_bucketkit_none',
              };
              // Raw, not URL-encoded: the point is to send what a sloppy client would.
              const path = fillPath(route.pathTemplate, { ...values, [p.name]: 'BUCKETKITPARAM' }).replace('BUCKETKITPARAM', bad);
              return { method: route.method, path, json: route.requestBody?.example, auth: auth(ctx) };
            }),
          ),
        ),
      );
    }
    return out;
  });
}
