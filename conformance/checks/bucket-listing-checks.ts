// bucketIds checks on listings: the bucket listing and the workspace listing
// of a restricted key do not reveal the barred bucket, and a file listing only
// shows files of its own bucket.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { CheckDef, KeyNeed } from '../plan/check-types.ts';
import { expectServed, fail } from './assert.ts';
import { routeTitle, type GeneratorContext } from './generator-context.ts';
import { listFiles, readPages } from './read-back.ts';
import { callRequest, routeById } from './request-builder.ts';

type Restricted = (route: Route, g: GeneratorContext) => KeyNeed;

/** Listing checks for a key whose bucketIds exclude the other bucket. */
export function bucketListingChecks(g: GeneratorContext, restricted: Restricted): CheckDef[] {
  const buckets = routeById('listBuckets');
  const workspaces = routeById('listWorkspaces');
  const files = routeById('listFiles');
  return [
    {
      id: 'BUCKET-listBuckets-hides-other',
      title: `${routeTitle(buckets)} for a key restricted by bucketIds lists only the buckets it may reach`,
      area: 'bucket-limits',
      level: 'profile',
      route: routeTitle(buckets),
      keys: { restricted: restricted(buckets, g) },
      writes: false,
      fixtures: false,
      async run(ctx) {
        const request = callRequest(buckets, ctx.settings, 'allowed', {}, { key: ctx.keys.restricted[0] });
        const { items, pages } = await readPages<{ id?: string }>(ctx.api, request, { verify: (ex) => expectServed(ex) });
        const ex = pages[0];
        const ids = items.map((b) => b.id);
        if (ids.includes(ctx.settings.buckets.other)) fail(`a listing without ${ctx.settings.buckets.other}`, ex);
        if (!ids.includes(ctx.settings.buckets.allowed)) fail(`a listing with ${ctx.settings.buckets.allowed}`, ex);
      },
    },
    {
      id: 'BUCKET-listWorkspaces-counts-reachable',
      title: `${routeTitle(workspaces)} for a key restricted by bucketIds lists the workspace, counting only reachable buckets`,
      area: 'bucket-limits',
      level: 'profile',
      route: routeTitle(workspaces),
      keys: { restricted: { ...restricted(workspaces, g), reaches: ['allowed'] } },
      writes: false,
      fixtures: false,
      async run(ctx) {
        const key = ctx.keys.restricted[0];
        const limit = ctx.settings.keys.find((k) => k.name === key)?.bucketIds?.length ?? 0;
        const request = callRequest(workspaces, ctx.settings, 'allowed', {}, { key });
        const isOurs = (w: { id?: string }) => w.id === ctx.settings.workspaceId;
        const { items, pages } = await readPages<{ id?: string; bucketCount: number }>(ctx.api, request, {
          verify: (ex) => expectServed(ex),
          until: (all) => all.some(isOurs),
        });
        const ex = pages[pages.length - 1];
        const ws = items.find(isOurs);
        if (!ws) fail(`a listing with workspace ${ctx.settings.workspaceId}`, ex);
        if (ws.bucketCount > limit) fail(`bucketCount at most ${limit} (the key's bucketIds)`, ex, `bucketCount ${ws.bucketCount}`);
      },
    },
    {
      id: 'BUCKET-listFiles-own-bucket-only',
      title: `${routeTitle(files)} shows only files of the bucket in its path`,
      area: 'bucket-limits',
      level: 'core',
      route: routeTitle(files),
      keys: { holder: { holds: [files.scope], reaches: ['allowed'] } },
      writes: false,
      fixtures: true,
      async run(ctx) {
        const query = { prefix: ctx.settings.runPrefix };
        const { items, pages } = await listFiles(ctx.api, ctx.settings, ctx.keys.holder[0], 'allowed', query, {
          verify: (ex) => expectServed(ex),
        });
        const ex = pages[0];
        const stray = items.find((f) => f.id === ctx.fixtures.otherFile?.id || (f.bucketId && f.bucketId !== ctx.settings.buckets.allowed));
        if (stray) fail(`only files of ${ctx.settings.buckets.allowed}`, ex, `file ${stray.id} of another bucket is listed`);
      },
    },
  ];
}
