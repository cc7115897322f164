// Reads listings back without resting on a gap choice: no `limit` (any page
// size is fine), every page in whatever shape the deployment pages and wraps
// its listings (the one reader, listing/listing-reader.ts), and a conclusion
// that needs the whole listing ("not listed") only when it was read to its end.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { HarnessError, type ApiRequest, type Exchange } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { readListing, type Listing, type ReadOptions } from '../listing/listing-reader.ts';
import { requireWhole } from '../listing/listing-unfinished.ts';
import { routeById, routePath, type BucketRole, type OperationId } from './request-builder.ts';

export { listedItems } from '../listing/listing-items.ts';

/** A file as a listing shows it; only the fields the seed names (path, tags, description) and the id are relied on. */
export interface ListedFile {
  id: string;
  path: string;
  tags?: string[];
  description?: string | null;
  status?: string;
  bucketId?: string;
  size?: number;
  score?: number;
}

/** A read-back the harness needs was not answered 2xx; it names the operation, so a route the deployment does not serve can be told apart. */
export class ReadBackError extends HarnessError {
  constructor(
    message: string,
    readonly operationId?: OperationId,
  ) {
    super(message);
  }
}

export interface PageOptions<T> extends Omit<ReadOptions<T>, 'operationId' | 'shapes'> {
  /** The operation read (named by a read-back that is not answered 2xx). */
  operationId?: OperationId;
}

/** Reads a GET listing page by page, every page whatever its shape (bounded); a page not 2xx is a harness error unless `verify` says otherwise. */
export async function readPages<T = Record<string, unknown>>(
  api: Api,
  request: ApiRequest,
  options: PageOptions<T> = {},
): Promise<Listing<T>> {
  const verify =
    options.verify ??
    ((ex: Exchange) => {
      if (!isSuccess(ex.status))
        throw new ReadBackError(`read-back: ${request.method} ${request.path} answered ${ex.status}`, options.operationId);
    });
  return readListing<T>(api, request, { ...options, verify });
}

/** Lists the files of a bucket with a query (every page), with the given key. */
export async function listFiles(
  api: Api,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  query: Record<string, string>,
  options: PageOptions<ListedFile> = {},
): Promise<Listing<ListedFile>> {
  const route = routeById('listFiles');
  return readPages<ListedFile>(
    api,
    { method: route.method, path: routePath(route, settings, bucket), query, auth: { key } },
    { operationId: 'listFiles', ...options },
  );
}

/**
 * The path up to its first character outside letters, digits, `/`, `_` and `-`: a read-back narrows by it, so that
 * finding a test file never rests on how the server reads `.`, `*`, `%`, `[` and the like in a prefix (the listing
 * checks judge that).
 */
export function plainPrefixOf(path: string): string {
  return /^[A-Za-z0-9/_-]*/.exec(path)![0];
}

/**
 * The file listed at exactly this path, if any (narrowed by the path's plain start, so one short page suffices).
 * Throws ListingUnfinished when it was not found on a listing the suite could not read to its end.
 */
export async function findFile(
  api: Api,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  path: string,
): Promise<ListedFile | undefined> {
  const listing = await listFiles(
    api,
    settings,
    key,
    bucket,
    { prefix: plainPrefixOf(path) },
    { until: (files) => files.some((f) => f.path === path) },
  );
  const found = listing.items.find((f) => f.path === path);
  if (!found) requireWhole(listing, `whether ${path} is listed`);
  return found;
}

/** Polls `seen` (a read-back) until it holds or `windowMs` has passed; pauses grow from 100 ms to 1 s. */
export async function pollUntil(seen: () => Promise<boolean>, windowMs: number): Promise<boolean> {
  const deadline = Date.now() + windowMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    if (await seen()) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((done) => setTimeout(done, Math.min(pause, left)));
  }
}

/**
 * Whether a change shows in a read-back within the consistency window (overrides.consistencyWindowMs): the seed
 * promises no read-after-write consistency, so a write that took effect is polled for until it shows, and a
 * refused write is watched for the whole window before the check concludes it changed nothing.
 */
export function showsWithinWindow(ctx: Pick<CheckRun, 'settings'>, seen: () => Promise<boolean>): Promise<boolean> {
  return pollUntil(seen, overrideOf(ctx.settings.overrides, 'consistencyWindowMs'));
}

/** The first change a read-back reports within the consistency window, or undefined when none showed. */
export async function changeWithinWindow(
  ctx: Pick<CheckRun, 'settings'>,
  changed: () => Promise<string | undefined>,
): Promise<string | undefined> {
  let change: string | undefined;
  await showsWithinWindow(ctx, async () => (change = await changed()) !== undefined);
  return change;
}

/** Polls for the file at a path until it is listed or `withinMs` has passed; undefined when it never showed. */
export async function waitForFile(
  api: Api,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  path: string,
  withinMs: number,
): Promise<ListedFile | undefined> {
  const deadline = Date.now() + withinMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    const found = await findFile(api, settings, key, bucket, path);
    if (found || Date.now() >= deadline) return found;
    await new Promise((done) => setTimeout(done, Math.min(pause, Math.max(0, deadline - Date.now()))));
  }
}

/** The file at a path in a bucket, read with a harness key (for set-up and read-back). */
export async function fileAt(ctx: CheckRun, bucket: BucketRole, path: string): Promise<ListedFile | undefined> {
  return findFile(ctx.api, ctx.settings, ctx.harnessKey([routeById('listFiles').scope], bucket), bucket, path);
}

/** Reads a GET route of a bucket with a harness key and returns its JSON body (any 2xx). */
export async function readBody(ctx: CheckRun, operationId: OperationId, bucket: BucketRole): Promise<unknown> {
  const route = routeById(operationId);
  const ex = await ctx.api.send({
    method: 'GET',
    path: routePath(route, ctx.settings, bucket),
    auth: { key: ctx.harnessKey([route.scope], bucket) },
  });
  if (!isSuccess(ex.status)) throw new ReadBackError(`read-back: ${operationId} answered ${ex.status}`, operationId);
  return ex.json;
}

/** Whether a listing of a bucket (every page, stopping at the first match) holds an item that matches, read with a harness key; throws ListingUnfinished when it could not tell. */
export async function listHas<T>(
  ctx: CheckRun,
  operationId: OperationId,
  bucket: BucketRole,
  match: (item: T) => boolean,
): Promise<boolean> {
  const route = routeById(operationId);
  const request = { method: 'GET', path: routePath(route, ctx.settings, bucket), auth: { key: ctx.harnessKey([route.scope], bucket) } };
  const listing = await readPages<T>(ctx.api, request, { operationId, until: (all) => all.some(match) });
  if (listing.items.some(match)) return true;
  requireWhole(listing, `whether ${operationId} of bucket ${ctx.settings.buckets[bucket]} lists the item looked for`);
  return false;
}
