// Traffic for the file hierarchy: a file route called with a valid body by a
// key reaching both buckets, naming the other bucket's test file under the
// allowed bucket's path. Served, the deployment acts on a file through a
// bucket it does not belong to (the rule judges it).
import type { Route } from '../../openapi/contract/route-table.ts';
import { type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { bookOf } from '../operations/books.ts';
import { callRequest } from '../client/request-builder.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { TrafficTask } from './traffic-types.ts';

function misplacedFileTask(route: Route, g: GeneratorContext): TrafficTask {
  return {
    name: `${route.method} ${route.pathTemplate} naming the other bucket's file under the allowed bucket`,
    operationId: route.operationId,
    rules: ['file-hierarchy'],
    keys: { holder: { holds: [expectedScope(route, g.overrides)], reaches: ['allowed', 'other'] } },
    writes: route.mutates,
    needs: ['otherFile'],
    async run(ctx) {
      const file = ctx.fixtures.otherFile;
      if (!file) throw new Error('the other bucket has no test file');
      const call = await bookOf(route).valid(ctx, 'allowed');
      const request: IntendedRequest = {
        ...callRequest(route, ctx.settings, 'allowed', { ...call, fileId: file.id }, { key: ctx.keys.holder[0] }),
        intent: { operationId: route.operationId, variant: "the other bucket's file under the allowed bucket" },
      };
      await ctx.api.send(request);
    },
  };
}

/** One task per route with a file in its path. */
export function fileHierarchyTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.filter((route) => route.pathTemplate.includes('{fileId}')).map((route) => misplacedFileTask(route, g));
}
