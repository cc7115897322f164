// Planted faults of ids inside request bodies: a batch whose later file ids go
// unchecked, and a move destination whose `..` climbs out of the bucket. Each
// lets a key act on a bucket outside its bucketIds.
import type { HandlerContext, OperationHandler } from '../core/handler-context.ts';
import type { MockComponents } from '../core/components.ts';
import type { MockResponse } from '../core/types.ts';
import type { BucketState, WorldStore } from '../store/world-store.ts';
import { jsonOf, patchSteps, withJson, wrapHandler, type FaultDefinition } from './plant.ts';
import { trashHolder } from './span-faults.ts';
import { withoutDotSegments } from './path-spelling-faults.ts';
import { faultRoutes, fileIdsNamed } from './fault-routes.ts';

const readyAnywhere = (store: WorldStore, fileId: string) => {
  const file = store.filesById.get(fileId);
  return file?.status === 'ready' ? file : undefined;
};

/**
 * PATCH .../trash with the first id of `restore` and of `purge` checked in the route's bucket and the others taken
 * from whichever trash of the workspace holds them: one call of the handler per bucket, the answers merged.
 */
async function acrossTrashes(inner: OperationHandler<'updateTrash'>, ctx: HandlerContext<'updateTrash'>): Promise<MockResponse> {
  const { restore = [], purge = [], empty } = ctx.body;
  const parts = new Map<BucketState, { restore: string[]; purge: string[] }>();
  const place = (ids: string[], list: 'restore' | 'purge') =>
    ids.forEach((id, i) => {
      const bucket = i === 0 || ctx.bucket.trash.has(id) ? ctx.bucket : (trashHolder(ctx, id) ?? ctx.bucket);
      const part = parts.get(bucket) ?? { restore: [], purge: [] };
      parts.set(bucket, part);
      part[list].push(id);
    });
  place(restore, 'restore');
  place(purge, 'purge');
  if (parts.size <= 1) return inner(ctx);
  const answers: MockResponse[] = [];
  for (const [bucket, part] of parts) {
    const body = {
      ...(part.restore.length > 0 ? { restore: part.restore } : {}),
      ...(part.purge.length > 0 ? { purge: part.purge } : {}),
      ...(bucket === ctx.bucket && empty ? { empty } : {}),
    };
    answers.push(await inner({ ...ctx, bucket, body }));
  }
  const failed = answers.find((a) => a.status !== 200);
  if (failed) return failed;
  const bodies = answers.map((a) => jsonOf(a) as { restored: unknown[]; purged: string[] });
  return withJson(answers[0], { restored: bodies.flatMap((b) => b.restored), purged: bodies.flatMap((b) => b.purged) });
}

/** Move bodies whose destination climbed into another bucket, by the body value the handler gets. */
function dotDotDestinations(c: MockComponents): MockComponents {
  const crossed = new WeakMap<object, string>();
  const planted = patchSteps(c, (s) => ({
    readBody(route, request) {
      const read = s.readBody(route, request);
      if (route.operationId !== 'moveFiles' || !('refusal' in read) || read.problem !== 'schema' || !request.body) return read;
      const body = JSON.parse(new TextDecoder().decode(request.body)) as { destination?: { bucketId?: unknown; prefix?: unknown } };
      const { bucketId: named, prefix } = body.destination ?? {};
      const match = s.locate(request.method, request.path.slice(c.apiBase.length));
      if (typeof prefix !== 'string' || match.kind !== 'matched') return read;
      // The storage key is "<bucket>/<prefix><name>", normalised: "../<other>/" lands in the other bucket.
      const from = typeof named === 'string' ? named : match.params.bucketId;
      const [bucketId, ...folders] = withoutDotSegments(`/${from}/${prefix}`).slice(1).split('/');
      if (!bucketId || bucketId === from) return read;
      const destination = { bucketId, prefix: folders.join('/') };
      const again = s.readBody(route, { ...request, body: new TextEncoder().encode(JSON.stringify({ ...body, destination })) });
      if ('refusal' in again || !again.value || typeof again.value !== 'object') return read;
      crossed.set(again.value, bucketId);
      return again;
    },
  }));
  return wrapHandler(planted, 'moveFiles', (inner) => (ctx) => {
    const bucketId = crossed.get(ctx.body);
    return inner(bucketId === undefined ? ctx : { ...ctx, reaches: (id) => id === bucketId || ctx.reaches(id) });
  });
}

export const BATCH_FAULTS = [
  {
    name: 'batch-later-ids-unchecked',
    description:
      "POST .../files/trash, .../files/move and .../agent check only the first of fileIds against the route's bucket, and PATCH .../trash only the first of restore and of purge: the later ids reach files of any bucket.",
    plant: (c, deps) => {
      const routes = faultRoutes(deps);
      return wrapHandler(
        routes.fileLists.reduce<MockComponents>(
          (acc, operationId) =>
            wrapHandler(acc, operationId, (inner) => (ctx) => {
              const [first] = fileIdsNamed(routes, operationId, ctx, { list: true, namedForFiles: true });
              return inner({ ...ctx, lookupFile: (id) => (id === first ? ctx.lookupFile(id) : readyAnywhere(ctx.store, id)) });
            }),
          c,
        ),
        'updateTrash',
        (inner) => (ctx) => acrossTrashes(inner, ctx),
      );
    },
  },
  {
    name: 'move-destination-dotdot',
    description:
      "POST .../files/move resolves '..' in destination.prefix against the destination bucket's id: ../{bucketId}/ moves the files into that bucket, whatever the key's bucketIds.",
    plant: dotDotDestinations,
  },
] as const satisfies readonly FaultDefinition[];
