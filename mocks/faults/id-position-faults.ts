// Planted faults of ids in positions beside the path's {bucketId}: a listing
// cursor that carries its bucket, a presigned download URL whose file segment
// is not bound to its token, and a ?bucketId= query value. Each lets a key
// reach a bucket outside its bucketIds one request away from a valid one.
import type { Caller } from '../core/access-rules.ts';
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import type { MockEnvironment } from '../core/handler-context.ts';
import type { DownloadGrant } from '../store/grant-books.ts';
import type { BucketState, WorldStore } from '../store/world-store.ts';
import { serveDownload } from '../core/presigned-endpoints.ts';
import { jsonOf, patchSteps, withJson, wrapEveryHandler, type FaultDefinition } from './plant.ts';

/** A cursor that names the bucket it pages, as a server that keeps the listing's state in the cursor. */
interface BucketCursor {
  b: string;
  c: string;
}

const carryBucket = (bucketId: string, cursor: string): string =>
  btoa(JSON.stringify({ b: bucketId, c: cursor } satisfies BucketCursor))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function carriedBucket(text: unknown): BucketCursor | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/'))) as Partial<BucketCursor>;
    return typeof value.b === 'string' && typeof value.c === 'string' ? { b: value.b, c: value.c } : undefined;
  } catch {
    return undefined;
  }
}

/** The bucket of the route's workspace with this id. */
function workspaceBucket(store: WorldStore, workspaceId: string, bucketId: string): BucketState | undefined {
  const bucket = store.buckets.get(bucketId);
  return bucket?.bucket.workspaceId === workspaceId ? bucket : undefined;
}

/** The environment as a download sees it when `token` was granted for `fileId` (a swapped URL). */
function grantedFor(env: MockEnvironment, token: string, grant: DownloadGrant): MockEnvironment {
  const downloads = { get: (t: string) => (t === token ? grant : env.store.downloads.get(t)) };
  const store = new Proxy(env.store, {
    get: (target, name, receiver) => (name === 'downloads' ? downloads : Reflect.get(target, name, receiver)),
  });
  return { store, clock: env.clock, origin: env.origin };
}

/** The bucket a `?bucketId=` names, by the caller of its request. */
function queryBucketOverrides(c: MockComponents, deps: ComponentDeps): MockComponents {
  const named = new WeakMap<Caller, string>();
  return patchSteps(c, (s) => ({
    authenticate(request, query) {
      const result = s.authenticate(request, query);
      const bucketId = query.get('bucketId');
      if ('refusal' in result || bucketId === null) return result;
      const caller = { ...result };
      named.set(caller, bucketId);
      return caller;
    },
    findBucket(route, caller, params) {
      const place = s.findBucket(route, caller, params);
      const bucketId = named.get(caller);
      if ('refusal' in place || !place.bucket || !place.workspace || bucketId === undefined) return place;
      return { ...place, bucket: workspaceBucket(deps.env.store, place.workspace.id, bucketId) ?? place.bucket };
    },
  }));
}

export const ID_POSITION_FAULTS = [
  {
    name: 'cursor-crosses-buckets',
    description:
      "The cursors of a bucket's listings carry the bucket they page: a cursor from another bucket's listing, sent to this bucket's listing, goes on listing the other bucket, whatever the key's bucketIds.",
    plant: (c) =>
      wrapEveryHandler(c, (inner) => async (ctx) => {
        const { route } = ctx;
        if (route.method !== 'GET' || !route.bucketScoped || !route.queryParams.some((p) => p.name === 'cursor')) return inner(ctx);
        const carried = carriedBucket(ctx.params.cursor);
        const bucket = (carried && workspaceBucket(ctx.store, ctx.workspace.id, carried.b)) || ctx.bucket;
        const params = carried ? { ...ctx.params, cursor: carried.c } : ctx.params;
        const answer = await inner({ ...ctx, bucket, params, lookupFile: (id) => ctx.store.readyFileIn(bucket, id) });
        const body = jsonOf(answer) as { nextCursor?: unknown } | undefined;
        return answer.status === 200 && typeof body?.nextCursor === 'string'
          ? withJson(answer, { ...body, nextCursor: carryBucket(bucket.bucket.id, body.nextCursor) })
          : answer;
      }),
  },
  {
    name: 'presigned-url-file-swap',
    description:
      "A presigned download URL with its file segment swapped for another file's id serves that file, of any bucket: the token is checked, not the file it was granted for.",
    plant: (c, deps) => ({
      ...c,
      endpoints: {
        ...c.endpoints,
        serveDownload(request, fileId) {
          const token = new URLSearchParams(request.query).get('token') ?? '';
          const grant = deps.env.store.downloads.get(token);
          if (!grant || grant.fileId === fileId) return c.endpoints.serveDownload(request, fileId);
          return serveDownload(grantedFor(deps.env, token, { ...grant, fileId }), request, fileId);
        },
      },
    }),
  },
  {
    name: 'query-bucket-overrides-path',
    description:
      "A ?bucketId= query value on a bucket's route replaces the path's bucket once the path's bucket was checked, so a key reaches a bucket outside its bucketIds.",
    plant: queryBucketOverrides,
  },
] as const satisfies readonly FaultDefinition[];
