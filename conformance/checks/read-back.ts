// Reads listings back without resting on a gap choice: no `limit` (any page
// size is fine), `nextCursor` followed only where an answer carries one, a
// bounded number of pages, and the items of a `data` envelope or a bare array.
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { CheckRun } from '../plan/check-types.ts';
import { HarnessError, type ApiRequest, type Exchange } from '../http/api-client.ts';
import type { Api } from '../http/api.ts';
import { isSuccess, routeById, routePath, type BucketRole, type OperationId } from './request-builder.ts';

/** Pages a read-back follows at most: enough for a busy bucket, bounded so a broken cursor cannot loop. */
export const MAX_PAGES = 100;

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

/** The items of a listing body: its `data` array, or the body itself when it is an array. */
export function listedItems<T = Record<string, unknown>>(json: unknown): T[] {
  if (Array.isArray(json)) return json as T[];
  const data = (json as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/** The cursor of the next page, when the answer has one. */
export function nextCursorOf(json: unknown): string | undefined {
  const cursor = (json as { nextCursor?: unknown } | null | undefined)?.nextCursor;
  return typeof cursor === 'string' && cursor !== '' ? cursor : undefined;
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

export interface PageOptions<T> {
  /** The operation read (named by a read-back that is not answered 2xx). */
  operationId?: OperationId;
  /** Checks each page; by default a page that is not 2xx is a harness error. */
  verify?: (ex: Exchange) => void;
  /** Stops early once the items read so far hold what the caller looks for. */
  until?: (items: T[]) => boolean;
}

/** Reads a GET listing page by page, following `nextCursor` while there is one (bounded). */
export async function readPages<T = Record<string, unknown>>(
  api: Api,
  request: ApiRequest,
  options: PageOptions<T> = {},
): Promise<{ items: T[]; pages: Exchange[] }> {
  const verify =
    options.verify ??
    ((ex: Exchange) => {
      if (!isSuccess(ex.status)) throw new ReadBackError(`read-back: ${request.method} ${request.path} answered ${ex.status}`, options.operationId);
    });
  const items: T[] = [];
  const pages: Exchange[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const ex = await api.send({ ...request, query: { ...request.query, ...(cursor ? { cursor } : {}) } });
    verify(ex);
    pages.push(ex);
    items.push(...listedItems<T>(ex.json));
    cursor = nextCursorOf(ex.json);
    if (!cursor || seen.has(cursor) || options.until?.(items)) break;
    seen.add(cursor);
  }
  return { items, pages };
}

/** Lists the files of a bucket with a query (every page), with the given key. */
export async function listFiles(
  api: Api,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  query: Record<string, string>,
  options: PageOptions<ListedFile> = {},
): Promise<{ items: ListedFile[]; pages: Exchange[] }> {
  const route = routeById('listFiles');
  return readPages<ListedFile>(
    api,
    { method: route.method, path: routePath(route, settings, bucket), query, auth: { key } },
    { operationId: 'listFiles', ...options },
  );
}

/** The file listed at exactly this path, if any (narrowed by `prefix`, so one short page suffices). */
export async function findFile(
  api: Api,
  settings: RunSettings,
  key: string,
  bucket: BucketRole,
  path: string,
): Promise<ListedFile | undefined> {
  const { items } = await listFiles(api, settings, key, bucket, { prefix: path }, { until: (files) => files.some((f) => f.path === path) });
  return items.find((f) => f.path === path);
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

/** Whether a listing of a bucket (every page, stopping at the first match) holds an item that matches, read with a harness key. */
export async function listHas<T>(
  ctx: CheckRun,
  operationId: OperationId,
  bucket: BucketRole,
  match: (item: T) => boolean,
): Promise<boolean> {
  const route = routeById(operationId);
  const request = { method: 'GET', path: routePath(route, ctx.settings, bucket), auth: { key: ctx.harnessKey([route.scope], bucket) } };
  const { items } = await readPages<T>(ctx.api, request, { operationId, until: (all) => all.some(match) });
  return items.some(match);
}
