// What the other bucket holds that the run cannot create itself: a key
// reaching it reads the GET listings of that bucket the run cannot fill
// (shares and transfers; every listing in a --read-only run, which creates
// nothing, and in a run of a user's own tests, whose checks make no files
// there), and each id listed there (up to a bound) becomes a marker of the
// other bucket. Done once per run, before a bucket-limits oracle judges.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { resourceOfRoute } from '../oracles/id-places.ts';
import { readPages } from '../client/read-back.ts';
import { callRequest } from '../client/request-builder.ts';
import type { CheckSession } from '../plan/check-run.ts';
import { judgedSetupStep } from '../client/judged-setup.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { once } from '../run/run-board.ts';

/** The ids of listed items (their `id` or `fileId`, a string or a number as the server sends it). */
function idsOf(items: Record<string, unknown>[]): (string | number)[] {
  return items.flatMap((item) =>
    Object.entries(item ?? {}).flatMap(([name, value]) =>
      (name === 'id' || name === 'fileId') && (typeof value === 'string' || typeof value === 'number') ? [value] : [],
    ),
  );
}

/** The most ids one listing adds as markers: every answer of the run is searched for each. */
const MAX_IDS = 500;
/** Listings whose items the run cannot create, so only their ids can mark them. */
const UNFILLED = ['listShares', 'listTransfers'];

/**
 * Reads the other bucket's unfilled listings (`every`: all its listings) once per run and marks their ids; never
 * fails (what it cannot read, it does not mark).
 */
export function discoverOtherBucket(session: CheckSession, listings: 'unfilled' | 'every' = 'unfilled'): Promise<void> {
  const { settings } = session;
  const every = listings === 'every' || settings.readOnly;
  return once(session.board, `discovered:other:${every ? 'every' : 'unfilled'}`, () =>
    judgedSetupStep(session, 'set-up: what the other bucket holds', async () => {
      const routes = loadRouteTable().filter((r) => r.method === 'GET' && r.bucketScoped && (every || UNFILLED.includes(r.operationId)));
      await Promise.all(
        routes.map(async (route) => {
          const key = pickHarnessKey(settings.keys, [expectedScope(route, settings.overrides)], settings.buckets.other);
          if (!key) return;
          const { items } = await readPages(session.api, callRequest(route, settings, 'other', {}, { key }), {
            verify: () => undefined,
          }).catch(() => ({ items: [] as Record<string, unknown>[] }));
          for (const id of idsOf(items).slice(0, MAX_IDS))
            session.markers.addId(id, `an item ${route.operationId} lists in the other bucket`, resourceOfRoute(route.operationId));
        }),
      );
    }),
  );
}
