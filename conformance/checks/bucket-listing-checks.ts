// bucketIds checks on listings: the bucket listing and the workspace listing
// of a restricted key do not reveal the barred bucket, and a file listing only
// shows files of its own bucket.
import type { Route } from '../../openapi/contract/route-table.ts';
import { routeLabel, type CheckDef, type KeyNeed } from '../plan/check-types.ts';
import { expectServed, fail } from '../client/assert.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { listFiles, readPages } from '../client/read-back.ts';
import { requireWhole, unreadNote } from '../listing/listing-unfinished.ts';
import { callRequest, routeById } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';

type Restricted = (route: Route, g: GeneratorContext) => KeyNeed;

/** Listing checks for a key whose bucketIds exclude the other bucket. */
export function bucketListingChecks(g: GeneratorContext, restricted: Restricted): CheckDef[] {
  const buckets = routeById('listBuckets');
  const workspaces = routeById('listWorkspaces');
  const files = routeById('listFiles');
  return [
    {
      id: checkIds.bucket('listBuckets', 'hides-other'),
      title: `${routeLabel(buckets)} for a key restricted by bucketIds lists only the buckets it may reach`,
      area: 'bucket-limits',
      level: 'profile',
      route: routeLabel(buckets),
      keys: { restricted: restricted(buckets, g) },
      writes: false,
      fixtures: false,
      async run(ctx) {
        const request = callRequest(buckets, ctx.settings, 'allowed', {}, { key: ctx.keys.restricted[0] });
        const listing = await readPages<{ id?: unknown }>(ctx.api, request, { verify: (ex) => expectServed(ex) });
        const ex = listing.pages[0];
        const ids = listing.items.map((b) => String(b.id));
        if (ids.includes(ctx.settings.buckets.other)) fail(`a listing without ${ctx.settings.buckets.other}`, ex);
        if (!ids.includes(ctx.settings.buckets.allowed)) {
          requireWhole(listing, `whether bucket ${ctx.settings.buckets.allowed} is listed`);
          fail(`a listing with ${ctx.settings.buckets.allowed}`, ex);
        }
        return unreadNote(listing);
      },
    },
    {
      id: checkIds.bucket('listWorkspaces', 'counts-reachable'),
      title: `${routeLabel(workspaces)} for a key restricted by bucketIds lists the workspace, counting only reachable buckets`,
      area: 'bucket-limits',
      level: 'profile',
      route: routeLabel(workspaces),
      keys: { restricted: { ...restricted(workspaces, g), reaches: ['allowed'] } },
      writes: false,
      fixtures: false,
      async run(ctx) {
        const key = ctx.keys.restricted[0];
        const limit = ctx.settings.keys.find((k) => k.name === key)?.bucketIds?.length ?? 0;
        const request = callRequest(workspaces, ctx.settings, 'allowed', {}, { key });
        const isOurs = (w: { id?: unknown }) => String(w.id) === ctx.settings.workspaceId;
        const listing = await readPages<{ id?: unknown; bucketCount: number }>(ctx.api, request, {
          verify: (ex) => expectServed(ex),
          until: (all) => all.some(isOurs),
        });
        const ex = listing.pages[listing.pages.length - 1];
        const ws = listing.items.find(isOurs);
        if (!ws) requireWhole(listing, `whether workspace ${ctx.settings.workspaceId} is listed`);
        if (!ws) fail(`a listing with workspace ${ctx.settings.workspaceId}`, ex);
        if (ws.bucketCount > limit) fail(`bucketCount at most ${limit} (the key's bucketIds)`, ex, `bucketCount ${ws.bucketCount}`);
      },
    },
    {
      id: checkIds.bucket('listFiles', 'own-bucket-only'),
      title: `${routeLabel(files)} shows only files of the bucket in its path`,
      area: 'bucket-limits',
      level: 'core',
      route: routeLabel(files),
      keys: { holder: { holds: [files.scope], reaches: ['allowed'] } },
      writes: false,
      fixtures: true,
      needs: ['otherFile'],
      async run(ctx) {
        // The run's own files lie under its prefix; a borrowed other file is looked for in the whole bucket.
        const query: Record<string, string> = ctx.fixtures.otherFile?.borrowed ? {} : { prefix: ctx.settings.runPrefix };
        const listing = await listFiles(ctx.api, ctx.settings, ctx.keys.holder[0], 'allowed', query, {
          verify: (ex) => expectServed(ex),
        });
        const ex = listing.pages[0];
        const otherId = ctx.fixtures.otherFile?.id;
        const stray = listing.items.find(
          (f) => (otherId !== undefined && String(f.id) === otherId) || (f.bucketId && String(f.bucketId) !== ctx.settings.buckets.allowed),
        );
        if (stray) fail(`only files of ${ctx.settings.buckets.allowed}`, ex, `file ${stray.id} of another bucket is listed`);
        return unreadNote(listing);
      },
    },
  ];
}
