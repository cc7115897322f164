// Traffic for the bucketIds rule: a key barred from the other bucket reads
// every listing it may read (files, trash, automations, suggestions, shares,
// transfers, intelligence, the bucket and workspace lists), every page, once
// the other bucket holds the run's marked resources; the oracle then looks for
// the other bucket's markers in every answer.
import type { Route } from '../../openapi/contract/route-table.ts';
import { type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { readPages } from '../client/read-back.ts';
import { callRequest } from '../client/request-builder.ts';
import type { TrafficTask } from './traffic-types.ts';

function listingTask(route: Route, g: GeneratorContext): TrafficTask {
  return {
    name: `a key barred from the other bucket reads ${route.method} ${route.pathTemplate}, every page`,
    operationId: route.operationId,
    rules: ['bucket-limits'],
    keys: {
      barred: { holds: [expectedScope(route, g.overrides)], reaches: route.bucketScoped ? ['allowed'] : undefined, barredFrom: 'other' },
    },
    writes: false,
    // The other bucket's marked resources exist first, so a listing that spans buckets shows them.
    needs: ['otherFile', 'foreign'],
    async run(ctx) {
      await readPages(ctx.api, callRequest(route, ctx.settings, 'allowed', {}, { key: ctx.keys.barred[0] }), { verify: () => undefined });
    },
  };
}

/** One task per GET route. */
export function barredListingTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.filter((route) => route.method === 'GET').map((route) => listingTask(route, g));
}
