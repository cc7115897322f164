// Traffic for the resource hierarchy: every bucket route called with a valid
// key and a valid body on the allowed bucket, but with the bucket named under
// another workspace (another one the key lists, or an id of none). The oracle
// then judges whether any such request was served.
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import { type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { bookOf } from '../operations/books.ts';
import { listedItems } from '../client/read-back.ts';
import { callRequest, routeById } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { TrafficTask } from './traffic-types.ts';

const elsewhere = new WeakMap<RunSettings, Promise<string>>();

/** A workspace id other than the run's: one the workspace listing shows, else one no deployment has. */
function otherWorkspace(ctx: CheckRun): Promise<string> {
  let found = elsewhere.get(ctx.settings);
  if (!found) {
    found = (async () => {
      const route = routeById('listWorkspaces');
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', {}, { key: ctx.harnessKey([route.scope]) }));
      const ids = isSuccess(ex.status) ? listedItems<{ id?: unknown }>(ex.json).map((w) => w.id) : [];
      const other = ids
        .filter((id) => typeof id === 'string' || typeof id === 'number')
        .map(String)
        .find((id) => id !== ctx.settings.workspaceId);
      return other ?? `${ctx.settings.workspaceId}-not-its-workspace`;
    })();
    elsewhere.set(ctx.settings, found);
  }
  return found;
}

function hierarchyTask(route: Route, g: GeneratorContext): TrafficTask {
  const book = bookOf(route);
  return {
    name: `${route.method} ${route.pathTemplate} with the allowed bucket named under another workspace`,
    operationId: route.operationId,
    rules: ['workspace-hierarchy'],
    keys: { holder: { holds: [expectedScope(route, g.overrides)], reaches: ['allowed'] } },
    writes: route.mutates || book.files === 'disposable',
    needs: book.files === 'shared' ? ['allowedFile', 'otherFile'] : undefined,
    async run(ctx) {
      const workspaceId = await otherWorkspace(ctx);
      const call = await book.valid(ctx, 'allowed');
      const request: IntendedRequest = {
        ...callRequest(route, { ...ctx.settings, workspaceId }, { id: ctx.settings.buckets.allowed }, call, { key: ctx.keys.holder[0] }),
        intent: { operationId: route.operationId, variant: `bucket under workspace ${workspaceId}` },
      };
      await ctx.api.send(request);
    },
  };
}

/** One task per bucket route (not the one agents must not call). */
export function workspaceHierarchyTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.filter((route) => route.bucketScoped && !route.agentForbidden).map((route) => hierarchyTask(route, g));
}
