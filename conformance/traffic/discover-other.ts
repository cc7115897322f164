// Traffic that learns what the other bucket holds: a key reaching it reads
// the GET listings of that bucket the run cannot fill itself (shares and
// transfers; every listing in a --read-only run, which creates nothing), and
// each id listed there (up to a bound) becomes a marker of the other bucket.
import type { Route } from '../../openapi/contract/route-table.ts';
import { expectedScope, type GeneratorContext } from '../checks/generator-context.ts';
import { listedItems, readPages } from '../checks/read-back.ts';
import { callRequest } from '../checks/request-builder.ts';
import type { TrafficTask } from './traffic-types.ts';

/** The ids of the items of a listing page (any field named id or ending in Id that holds a string, one level deep). */
function idsOf(json: unknown): string[] {
  return listedItems(json).flatMap((item) =>
    Object.entries(item).flatMap(([name, value]) => ((name === 'id' || name === 'fileId') && typeof value === 'string' ? [value] : [])),
  );
}

/** The most ids one listing adds as markers: every answer of the run is searched for each. */
const MAX_IDS = 500;
/** Listings whose items the run cannot create, so only their ids can mark them. */
const UNFILLED = ['listShares', 'listTransfers'];

function discoverTask(route: Route, g: GeneratorContext): TrafficTask {
  return {
    name: `a key reaching the other bucket reads ${route.method} ${route.pathTemplate} there, for its markers`,
    keys: { reader: { holds: [expectedScope(route, g.overrides)], reaches: ['other'] } },
    writes: false,
    async run(ctx) {
      if (!ctx.settings.readOnly && !UNFILLED.includes(route.operationId)) return;
      const { pages } = await readPages(ctx.api, callRequest(route, ctx.settings, 'other', {}, { key: ctx.keys.reader[0] }), {
        verify: () => undefined,
      });
      const ids = pages.filter((page) => page.status >= 200 && page.status < 300).flatMap((page) => idsOf(page.json));
      for (const id of ids.slice(0, MAX_IDS)) ctx.markers?.add(id, `an item ${route.operationId} lists in the other bucket`);
    },
  };
}

/** One task per GET listing of a bucket. */
export function discoverOtherTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.filter((route) => route.method === 'GET' && route.bucketScoped).map((route) => discoverTask(route, g));
}
