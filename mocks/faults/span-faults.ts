// Planted faults of routes that read past their own bucket: listings, search,
// trash, the agent and trash or suggestion changes that act on every bucket of
// the workspace, whatever the key's bucketIds.
import type { HandlerContext, OperationId } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { BucketState } from '../store/world-store.ts';
import { BucketFiles } from '../store/bucket-files.ts';
import { jsonOf, withJson, wrapHandler, type FaultDefinition } from './plant.ts';

/** Every bucket of the route's workspace. */
export const workspaceBuckets = (ctx: Pick<HandlerContext, 'store' | 'workspace'>): BucketState[] =>
  ctx.store.bucketsOf.get(ctx.workspace.id) ?? [];

/** The bucket of the workspace whose trash holds the file. */
export const trashHolder = (ctx: Pick<HandlerContext, 'store' | 'workspace'>, fileId: string) =>
  workspaceBuckets(ctx).find((b) => b.trash.has(fileId));

type Item = Record<string, unknown>;

/** Runs the handler once per bucket (chosen by `buckets`) and merges the `data` of the answers in `order`, one page. */
async function merged<K extends OperationId>(
  inner: (ctx: HandlerContext<K>) => MockResponse | Promise<MockResponse>,
  ctx: HandlerContext<K>,
  buckets: BucketState[],
  order: (a: Item, b: Item) => number,
): Promise<MockResponse> {
  const answers = await Promise.all(buckets.map((bucket) => inner({ ...ctx, bucket })));
  const failed = answers.find((a) => a.status !== 200);
  if (failed) return failed;
  const data = answers.flatMap((a) => (jsonOf(a) as { data: Item[] }).data).sort(order);
  const limit = (ctx.params.limit as number | undefined) ?? data.length;
  return withJson(answers[0], { ...(jsonOf(answers[0]) as object), data: data.slice(0, limit), nextCursor: null });
}

const byPath = (a: Item, b: Item) => String(a.path).localeCompare(String(b.path));
const byScore = (a: Item, b: Item) => Number(b.score) - Number(a.score) || byPath(a, b);
const newestTrashed = (a: Item, b: Item) => String(b.trashedAt).localeCompare(String(a.trashedAt));

export const SPAN_FAULTS = [
  {
    name: 'listing-spans-buckets',
    description: 'GET .../files with a prefix lists matching files of every bucket of the workspace the key reaches.',
    plant: (c) =>
      wrapHandler(
        c,
        'listFiles',
        (inner) => (ctx) =>
          ctx.params.prefix
            ? merged(
                inner,
                ctx,
                workspaceBuckets(ctx).filter((b) => ctx.reaches(b.bucket.id)),
                byPath,
              )
            : inner(ctx),
      ),
  },
  {
    name: 'search-spans-buckets',
    description:
      "GET .../files?search=W (without semantic) also lists the matching files of every other bucket of the workspace, whatever the key's bucketIds.",
    plant: (c) =>
      wrapHandler(
        c,
        'listFiles',
        (inner) => (ctx) =>
          ctx.params.search !== undefined && ctx.params.semantic === undefined
            ? merged(inner, ctx, workspaceBuckets(ctx), byPath)
            : inner(ctx),
      ),
  },
  {
    name: 'semantic-search-spans-buckets',
    description:
      "GET .../files?search=W&semantic=1 ranks and lists the matching files of every bucket of the workspace, whatever the key's bucketIds.",
    plant: (c) =>
      wrapHandler(
        c,
        'listFiles',
        (inner) => (ctx) =>
          ctx.params.search !== undefined && ctx.params.semantic !== undefined
            ? merged(inner, ctx, workspaceBuckets(ctx), byScore)
            : inner(ctx),
      ),
  },
  {
    name: 'trash-listing-spans-buckets',
    description: 'GET .../trash lists the trashed files of every bucket of the workspace.',
    plant: (c) => wrapHandler(c, 'getTrash', (inner) => (ctx) => merged(inner, ctx, workspaceBuckets(ctx), newestTrashed)),
  },
  {
    name: 'agent-reads-every-bucket',
    description: 'POST .../agent ranks and cites the files of every bucket of the workspace.',
    plant: (c) =>
      wrapHandler(c, 'runBucketAgent', (inner) => (ctx) => {
        const everywhere = workspaceBuckets(ctx).flatMap((b) => b.files.sorted.items);
        const lookupFile = (id: string) => everywhere.find((f) => f.id === id);
        return inner({ ...ctx, bucket: { ...ctx.bucket, files: new BucketFiles(everywhere) }, lookupFile });
      }),
  },
  {
    name: 'trash-update-spans-buckets',
    description: 'PATCH .../trash restores or purges the named files in the trash of whichever bucket of the workspace holds them.',
    plant: (c) =>
      wrapHandler(c, 'updateTrash', (inner) => (ctx) => {
        const named = [...(ctx.body.restore ?? []), ...(ctx.body.purge ?? [])];
        const holder = named
          .filter((id) => !ctx.bucket.trash.has(id))
          .map((id) => trashHolder(ctx, id))
          .find(Boolean);
        return inner(holder ? { ...ctx, bucket: holder } : ctx);
      }),
  },
  {
    name: 'suggestion-filed-in-file-bucket',
    description:
      "POST .../suggestions looks fileId up in the whole workspace and files the suggestion in that file's bucket, whatever the key's bucketIds.",
    plant: (c) =>
      wrapHandler(c, 'createSuggestion', (inner) => (ctx) => {
        const file = ctx.store.filesById.get(ctx.body.fileId);
        const bucket = file && file.status === 'ready' ? workspaceBuckets(ctx).find((b) => b.bucket.id === file.bucketId) : undefined;
        return inner(bucket ? { ...ctx, bucket, lookupFile: (id) => (id === file?.id ? file : undefined) } : ctx);
      }),
  },
] as const satisfies readonly FaultDefinition[];
