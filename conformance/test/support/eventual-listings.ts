// Eventual consistency at the proxy: a write is answered at once, but the file
// and trash listings show the state from before it until a seeded delay
// (300-500 ms by default) has passed. The proxy remembers each written file's
// listing views from before the write and serves every listing page itself.
import type { Forward, ProxyRequest, ProxyResponse, Rule } from './loopback-proxy.ts';
import { API_BASE, matchApiRoute, queryDefault, type MatchedRoute } from './api-routes.ts';
import {
  CursorBook,
  asListed,
  idOf,
  listingOf,
  orderOf,
  pageOf,
  pagesByPath,
  readWholeListing,
  type ListingKind,
  type View,
} from './listing-view.ts';
import { parseJson, problemAnswer, urlOf, withJsonBody, withoutParam } from './rule-json.ts';
import { checkMillis, delayPicker, type Millis } from './seeded-random.ts';

export interface EventualOptions {
  /** A key that reads the files and trash of every bucket: the proxy's own view of the state before a write. */
  observerToken: string;
  /** How long a write stays out of listings (default 300-500 ms, picked per write from a seeded source). */
  delayMs?: Millis;
  seed?: number;
  /** A fresh upload's id is also unknown (404) to the file routes until it is listed (default true). */
  hideFreshIds?: boolean;
}

export interface EventualListings {
  rule: Rule;
  /** Files whose last write does not show in listings yet. */
  pendingCount(): number;
}

/** What the listings showed of a file before its first write still pending: its file view, its trash entry, or neither. */
interface Pending {
  visibleAt: number;
  file?: View;
  trash?: View;
  fresh: boolean;
}

const WRITES = new Set(['updateFile', 'moveFiles', 'trashFiles', 'updateTrash']);
const LISTINGS: Record<string, ListingKind> = { listFiles: 'files', getTrash: 'trash' };

/** The file ids a request names in its path or JSON body. */
function namedIds(matched: MatchedRoute, body: Record<string, unknown> | undefined): string[] {
  const ids = [matched.params.fileId, body?.fileId, body?.fileIds, body?.restore, body?.purge].flat();
  return ids.filter((id): id is string => typeof id === 'string');
}

/** Makes listings lag behind writes; put it inside any rule that should see (and count) only the client's own requests. */
export function eventualListings(options: EventualOptions): EventualListings {
  const delay = options.delayMs ?? [300, 500];
  checkMillis('delayMs', delay);
  const pick = delayPicker(delay, options.seed ?? 7);
  const hideFresh = options.hideFreshIds ?? true;
  const pending = new Map<string, Pending>();
  const uploads = new Map<string, string>();
  const cursors = new CursorBook();
  const defaultLimit = Number(queryDefault('listFiles', 'limit') ?? 50);
  const maxPage = 1000;

  const live = (now: number) => {
    for (const [id, p] of pending) if (p.visibleAt <= now) pending.delete(id);
    return pending;
  };
  const settleAfter = (id: string, record: Omit<Pending, 'visibleAt'>, now: number) => {
    const visibleAt = Math.max(pending.get(id)?.visibleAt ?? 0, now + pick());
    pending.set(id, { ...(pending.get(id) ?? record), visibleAt });
  };
  const observe = (request: ProxyRequest): ProxyRequest => {
    const { 'content-type': _type, ...headers } = request.headers;
    return { ...request, headers: { ...headers, authorization: `Bearer ${options.observerToken}` } };
  };

  /** The listing views of `ids` now, read before the write that may change them. */
  async function before(forward: Forward, request: ProxyRequest, base: string, ids: string[], wholeTrash: boolean) {
    const unknown = ids.filter((id) => !live(Date.now()).has(id));
    if (unknown.length === 0 && !wholeTrash) return { views: new Map<string, { file?: View; trash?: View }>(), trashIds: [] };
    const files = await readWholeListing(forward, observe(request), new URL(`${base}/files`, 'http://proxy.invalid'), maxPage);
    const trash = await readWholeListing(forward, observe(request), new URL(`${base}/trash`, 'http://proxy.invalid'), maxPage);
    const views = new Map<string, { file?: View; trash?: View }>();
    for (const id of [...unknown, ...trash.map((v) => idOf('trash', v))]) {
      views.set(id, { file: files.find((v) => idOf('files', v) === id), trash: trash.find((v) => idOf('trash', v) === id) });
    }
    return { views, trashIds: trash.map((v) => idOf('trash', v)) };
  }

  async function write(request: ProxyRequest, forward: Forward, matched: MatchedRoute): Promise<ProxyResponse> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    const { workspaceId, bucketId } = matched.params;
    const base = `${API_BASE}/workspaces/${encodeURIComponent(workspaceId)}/buckets/${encodeURIComponent(bucketId)}`;
    const ids = namedIds(matched, body);
    const emptied = matched.route.operationId === 'updateTrash' && body?.empty === true;
    // A path the server will refuse anyway (a bad id) has no listing to hold back: forward it as it came.
    const seen = await before(forward, request, base, ids, emptied).catch(() => undefined);
    if (!seen) return forward(request);
    const { views, trashIds } = seen;
    const answer = await forward(request);
    if (answer.status < 200 || answer.status > 299) return answer;
    const now = Date.now();
    for (const id of emptied ? [...ids, ...trashIds] : ids) settleAfter(id, { ...views.get(id), fresh: false }, now);
    return answer;
  }

  async function upload(request: ProxyRequest, forward: Forward): Promise<ProxyResponse> {
    const answer = await forward(request);
    const now = Date.now();
    const body = parseJson(answer.body) as { uploadId?: string; fileId?: string; url?: string } | undefined;
    if (answer.status !== 201 || !body?.fileId || !body.uploadId || !body.url || !request.headers.host) return answer;
    uploads.set(body.uploadId, body.fileId);
    settleAfter(body.fileId, { fresh: true }, now);
    // The bytes go through the proxy too, so a file shows only `delay` after its bytes arrived.
    const url = new URL(body.url);
    return withJsonBody(answer, { ...body, url: `http://${request.headers.host}${url.pathname}${url.search}` });
  }

  async function listing(request: ProxyRequest, forward: Forward, matched: MatchedRoute, kind: ListingKind): Promise<ProxyResponse> {
    const token = urlOf(request).searchParams.get('cursor');
    const position = token === null ? undefined : cursors.read(token);
    // The query goes on byte for byte (only the proxy's own cursor taken out): the server judges hostile values.
    const first = await forward(position ? { ...request, url: withoutParam(request.url, 'cursor') } : request);
    const page = listingOf(first);
    if (!page || (token !== null && !position)) return first;
    const url = urlOf({ ...request, url: withoutParam(request.url, 'cursor') });
    const query = url.searchParams;
    let items = page.nextCursor === null ? page.data : await readWholeListing(forward, request, url, maxPage);
    const { bucketId } = matched.params;
    const stale = [...live(Date.now())];
    if (stale.length > 0) {
      const hidden = new Set(stale.map(([id]) => id));
      const shown = stale.flatMap(([, p]) => {
        const view = kind === 'files' ? p.file : p.trash;
        if (!view || view.bucketId !== bucketId) return [];
        const listed = kind === 'files' ? asListed(view, query) : view;
        return listed ? [listed] : [];
      });
      items = [...items.filter((v) => !hidden.has(idOf(kind, v))), ...shown].sort(orderOf(kind, query));
    }
    const limit = Number(query.get('limit') ?? defaultLimit);
    const { data, next } = pageOf(items, position, limit, pagesByPath(kind, query));
    return withJsonBody(first, { ...page.body, data, nextCursor: next ? cursors.issue(next) : null });
  }

  const rule: Rule = async (request, forward) => {
    const path = request.url.split('?')[0];
    const uploadId = request.method === 'PUT' ? /^\/__uploads\/([^/]+)$/.exec(path)?.[1] : undefined;
    if (uploadId) {
      const answer = await forward(request);
      const fileId = uploads.get(uploadId);
      if (fileId && answer.status >= 200 && answer.status < 300) {
        uploads.delete(uploadId);
        settleAfter(fileId, { fresh: true }, Date.now());
      }
      return answer;
    }
    const matched = matchApiRoute(request.method, request.url);
    if (!matched) return forward(request);
    const operation = matched.route.operationId;
    if (operation in LISTINGS) return listing(request, forward, matched, LISTINGS[operation]);
    if (operation === 'presignUpload') return upload(request, forward);
    const named = namedIds(matched, parseJson(request.body) as Record<string, unknown> | undefined);
    const fresh = hideFresh ? named.find((id) => live(Date.now()).get(id)?.fresh) : undefined;
    if (fresh) return problemAnswer(404, 'not_found', `No file ${fresh} in bucket ${matched.params.bucketId}.`);
    if (WRITES.has(operation)) return write(request, forward, matched);
    if (operation === 'completeUpload') {
      const answer = await forward(request);
      const id = (parseJson(answer.body) as { id?: string } | undefined)?.id;
      if (id && answer.status === 200) settleAfter(id, { fresh: true }, Date.now());
      return answer;
    }
    return forward(request);
  };
  return { rule, pendingCount: () => live(Date.now()).size };
}
