// Planted faults of values read in another form than the one checked: an id
// compared exactly by the access check but looked up case-blind, or trimmed;
// a listing prefix checked as sent but read NFKC-folded, trimmed and decoded;
// a batch above the listings' page size taken down a bulk path that skips the
// per-id check. Each lets a key reach a bucket outside its bucketIds.
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import type { HandlerContext } from '../core/handler-context.ts';
import type { BucketState } from '../store/world-store.ts';
import { badRequest } from '../core/problems.ts';
import { patchSteps, wrapEveryHandler, wrapHandler, type FaultDefinition } from './plant.ts';
import { unchecked, workspaceFile } from './body-parse-faults.ts';
import { listing } from './listing-wrap.ts';
import { withoutDotSegments } from './path-spelling-faults.ts';
import { faultRoutes } from './fault-routes.ts';

type Fold = (id: string) => string;

/** The workspace's bucket whose id folds to the same as `id`, when no bucket has `id` exactly. */
function foldedBucket(deps: ComponentDeps, workspaceId: string, id: string, fold: Fold): BucketState | undefined {
  const { store } = deps.env;
  if (store.buckets.has(id)) return undefined;
  return (store.bucketsOf.get(workspaceId) ?? []).find((b) => fold(b.bucket.id) === fold(id));
}

/** The strings a request names by its path's `{fileId}` and its body (top level and lists). */
const namedIn = (ctx: HandlerContext): string[] =>
  [ctx.params.fileId, ...Object.values((ctx.body as Record<string, unknown> | undefined) ?? {})]
    .flat()
    .filter((v): v is string => typeof v === 'string');

/** The workspace's files whose ids fold to the same as a named string that no file has exactly, by folded id. */
function foldedFiles(ctx: HandlerContext, named: string[], fold: Fold): Map<string, string> {
  const wanted = new Set(named.filter((v) => !ctx.store.filesById.has(v)).map(fold));
  if (wanted.size === 0) return new Map();
  return new Map(
    [...ctx.store.filesById.keys()]
      .filter((id) => wanted.has(fold(id)) && workspaceFile(ctx, id) !== undefined)
      .map((id) => [fold(id), id]),
  );
}

/**
 * The check compares the path's bucket and the request's file ids exactly (an id no bucket or file has is nothing
 * to refuse), the lookup folds them: the folded bucket is served, a folded file found in any bucket of the
 * workspace. A fold that changes what the schema's patterns read (a trim) is applied before them too.
 */
function foldedAfterCheck(c: MockComponents, deps: ComponentDeps, fold: Fold, beforeSchema: boolean): MockComponents {
  const foldedBy = new WeakMap<object, string[]>();
  const planted = patchSteps(c, (s) => ({
    checkPath(route, params) {
      const refused = s.checkPath(route, params);
      const folded = Object.fromEntries(Object.entries(params).map(([n, v]) => [n, fold(v)]));
      return refused && beforeSchema && !s.checkPath(route, folded) ? undefined : refused;
    },
    readBody(route, request) {
      const read = s.readBody(route, request);
      if (!beforeSchema || !('refusal' in read) || read.problem !== 'schema' || !request.body) return read;
      const raw: string[] = [];
      const text = JSON.stringify(JSON.parse(new TextDecoder().decode(request.body)), (_k, v: unknown) => {
        if (typeof v !== 'string' || fold(v) === v) return v;
        raw.push(v);
        return fold(v);
      });
      const again = s.readBody(route, { ...request, body: new TextEncoder().encode(text) });
      if ('refusal' in again || again.value === null || typeof again.value !== 'object') return read;
      foldedBy.set(again.value, raw);
      return again;
    },
    findBucket(route, caller, params) {
      const place = s.findBucket(route, caller, params);
      if (!('refusal' in place) || !route.bucketScoped) return place;
      const workspace = deps.env.store.workspace(params.workspaceId);
      const bucket = workspace && foldedBucket(deps, workspace.id, params.bucketId, fold);
      return bucket && workspace ? { workspace, bucket } : place;
    },
  }));
  return wrapEveryHandler(planted, (inner) => (ctx) => {
    if (!ctx.route.bucketScoped) return inner(ctx);
    const raw = ctx.body !== null && typeof ctx.body === 'object' ? (foldedBy.get(ctx.body) ?? []) : [];
    const files = foldedFiles(ctx, [...namedIn(ctx), ...raw], fold);
    if (files.size === 0) return inner(ctx);
    const widened = unchecked(ctx, new Set(files.values()));
    return inner({ ...widened, lookupFile: (id) => widened.lookupFile(files.get(fold(id)) ?? id) });
  });
}

/** The listings' page size when asked for none (the `limit` default of the route table). */
const pageSize = (deps: ComponentDeps): number =>
  deps.routes
    .flatMap((r) => r.queryParams.filter((p) => p.name === 'limit').map((p) => p.schema.default))
    .find((d) => typeof d === 'number') ?? 50;

export const VALUE_FORM_FAULTS = [
  {
    name: 'id-case-folded-after-check',
    description:
      "The access check compares ids exactly, the lookup case-blind: the other bucket's id, or a file of it, in another letter case reaches it, whatever the key's bucketIds.",
    plant: (c, deps) => foldedAfterCheck(c, deps, (id) => id.toLowerCase(), false),
  },
  {
    name: 'id-trimmed-after-check',
    description:
      "The access check compares ids exactly, the lookup trims them: the other bucket's id, or a file of it, with whitespace around or a trailing newline reaches it, whatever the key's bucketIds.",
    plant: (c, deps) => foldedAfterCheck(c, deps, (id) => id.trim(), true),
  },
  {
    name: 'prefix-normalised-after-check',
    description:
      "GET .../files refuses a prefix with a '..' segment as sent, then reads it NFKC-folded, trimmed and percent-decoded and resolves it against the bucket: '．．/<other>/' or '%2e%2e/<other>/' lists the other bucket of the workspace.",
    plant: listing((inner, ctx) => {
      const prefix = ctx.params.prefix;
      if (typeof prefix !== 'string') return inner(ctx);
      if (prefix.split('/').includes('..'))
        return badRequest("prefix must not climb out of the bucket with '..'.", [
          { location: 'query', field: 'prefix', message: "has a '..' segment" },
        ]);
      let read = prefix.normalize('NFKC').trim();
      try {
        read = decodeURIComponent(read);
      } catch {
        // Kept as folded.
      }
      const [bucketId, ...rest] = withoutDotSegments(`/${ctx.bucket.bucket.id}/${read}`).slice(1).split('/');
      const bucket = ctx.store.buckets.get(bucketId);
      if (!bucket || bucket === ctx.bucket || bucket.bucket.workspaceId !== ctx.workspace.id) return inner(ctx);
      return inner({
        ...ctx,
        bucket,
        params: { ...ctx.params, prefix: rest.join('/') },
        lookupFile: (id) => ctx.store.readyFileIn(bucket, id),
      });
    }),
  },
  {
    name: 'large-batch-skips-bucket-check',
    description:
      "POST .../files/trash, .../files/move and .../agent take a list of more file ids than the listings' page size down a bulk path that skips the per-id bucket check: ids of any bucket of the workspace are acted on, unknown ones skipped.",
    plant: (c, deps) => {
      const routes = faultRoutes(deps);
      const size = pageSize(deps);
      return routes.fileLists.reduce<MockComponents>(
        (acc, operationId) =>
          wrapHandler(acc, operationId, (inner) => (ctx) => {
            const field = (routes.fileFields[operationId] ?? []).find((f) => f.list && f.namedForFiles && f.pointer.length === 1);
            const body = ctx.body as Record<string, unknown>;
            const ids = field ? body[field.pointer[0]] : undefined;
            if (!field || !Array.isArray(ids) || ids.length <= size) return inner(ctx);
            const known = ids.filter((id): id is string => typeof id === 'string' && workspaceFile(ctx, id) !== undefined);
            if (known.length === 0) return inner(ctx);
            return inner(unchecked({ ...ctx, body: { ...body, [field.pointer[0]]: known } } as typeof ctx, new Set(known)));
          }),
        c,
      );
    },
  },
] as const satisfies readonly FaultDefinition[];
