// The suite's one reader of listings: reads a GET listing page by page in
// whatever shape the deployment answers (items in any envelope, the next page
// by Link header, URL, cursor, token, page number or offset), learns the
// shape per operation as it goes, and says how the read ended: at the last
// page, where the caller stopped it, at a page not served, or unfinished
// (more may follow, and why the suite could not reach it).
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRouteMatcher, type RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { ListingClient } from './listing-client.ts';
import { findItems, itemsText, itemView } from './listing-items.ts';
import { continuationOf, type Continuation } from './next-page.ts';
import { moveOn } from './move-on.ts';
import { pagingFacts } from './paging-facts.ts';
import { ShapeBook } from './shape-book.ts';

/** Pages a read follows at most: enough for a busy bucket, bounded so a broken continuation cannot loop. */
export const MAX_PAGES = 100;

/** How a read ended. */
export type ListingEnd =
  | { kind: 'last' }
  | { kind: 'stopped' }
  | { kind: 'refused'; status: number }
  /** More items may follow and the suite could not reach them; `why` says so in a sentence. */
  | { kind: 'unfinished'; why: string };

export interface Listing<T> {
  items: T[];
  pages: Exchange[];
  /** The items of each page, in the order of `pages`. */
  pageItems: T[][];
  end: ListingEnd;
}

export interface ReadOptions<T> {
  /** The operation read (found from the path when absent): its shape is learned and remembered under it. */
  operationId?: string;
  /** Checks each page the read keeps (a probe for a cursor's parameter is not kept); may throw. */
  verify?: (ex: Exchange) => void;
  /** Stops the read once the items so far hold what the caller looks for. */
  until?: (items: T[]) => boolean;
  /** Where shapes are learned (default: the client's, else this read's own). */
  shapes?: ShapeBook;
}

let matcher: RouteMatcher | undefined;

/** The operation a GET request reads, from its path. */
function operationOf(request: ApiRequest): string | undefined {
  if (/^https?:/i.test(request.path)) return undefined;
  matcher ??= createRouteMatcher(loadRouteTable());
  const match = matcher.match(request.method, request.path.split('?')[0]);
  return match.kind === 'matched' ? match.route.operationId : undefined;
}

const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);
const idOf = (item: unknown): string | undefined => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/** Reads a listing: every page, or until `until` holds, or as far as the deployment lets the suite follow. */
export async function readListing<T = Record<string, unknown>>(
  api: ListingClient,
  first: ApiRequest,
  options: ReadOptions<T> = {},
): Promise<Listing<T>> {
  const operation = options.operationId ?? operationOf(first) ?? `${first.method} ${first.path.split('?')[0]}`;
  const book = options.shapes ?? api.listingShapes ?? new ShapeBook();
  const limit = /^\d+$/.test(first.query?.limit ?? '') ? Number(first.query!.limit) : undefined;
  const items: T[] = [];
  const pages: Exchange[] = [];
  const pageItems: T[][] = [];
  const seen = new Set<string>();
  const rawItems = (ex: Exchange) => findItems(ex.json, book.itemsOf(operation));
  const finish = (end: ListingEnd): Listing<T> => {
    if (end.kind === 'unfinished') book.unfinished(operation, end.why);
    return { items, pages, pageItems, end };
  };
  /** The next page by URL (relative to the page's own), or why it cannot be followed. */
  const follow = async (target: string, via: string, page: Exchange): Promise<Exchange | string> => {
    let url: URL;
    try {
      url = new URL(target, page.request.url);
    } catch {
      return `the next page (${via}) is no URL the suite can follow`;
    }
    if (url.origin !== new URL(page.request.url).origin)
      return `the next page (${via}) is at another origin, ${url.origin}, where the suite sends no key`;
    if (seen.has(url.href)) return `${via} led back to a page already read`;
    seen.add(url.href);
    const ex = await api.send({ method: first.method, path: url.href, auth: first.auth, headers: first.headers });
    book.followed(operation, via);
    return ex;
  };

  let ex = await api.send(first);
  seen.add(ex.request.url);
  // A page may repeat the one before once (items shifted by a write between the two reads); twice in a row is no progress.
  let previous: string | undefined;
  let repeated = 0;
  for (let n = 1; ; n++) {
    options.verify?.(ex);
    pages.push(ex);
    if (!isSuccess(ex.status)) {
      pageItems.push([]);
      return finish({ kind: 'refused', status: ex.status });
    }
    const found = rawItems(ex);
    // A body the suite finds no items in (another media type, no array) is no empty page: nothing can be told of it.
    if (found === undefined) {
      pageItems.push([]);
      const type = ex.headers['content-type'] ?? 'no content type';
      return finish({ kind: 'unfinished', why: `page ${n} (${type}) holds no list of items the suite can read` });
    }
    const raw = found.items;
    book.page(operation, found.path, raw.length);
    pageItems.push(raw.map(itemView) as T[]);
    items.push(...pageItems.at(-1)!);
    const text = itemsText(raw);
    repeated = raw.length > 0 && text !== undefined && text === previous ? repeated + 1 : 0;
    previous = text;
    if (repeated >= 2)
      return finish({ kind: 'unfinished', why: `pages ${n - 2} to ${n} list the same items: the continuation did not move on` });
    if (options.until?.(items)) return finish({ kind: 'stopped' });
    const sent = queryOf(ex.request.url);
    const context = { count: raw.length, readSoFar: items.length, pageNumber: n, limit, sent, lastId: idOf(itemView(raw.at(-1))) };
    const next: Continuation = continuationOf(pagingFacts(ex.json, ex.headers, sent), context);
    if (next.kind === 'end') {
      book.ended(operation, next.via);
      return finish({ kind: 'last' });
    }
    if (next.kind === 'none') {
      // A page short of the limit is the last; one longer than asked shows a server that pages by its own size, not this one.
      if (limit === undefined || raw.length !== limit) return finish({ kind: 'last' });
      return finish({
        kind: 'unfinished',
        why: `page ${n} holds ${raw.length} items, as many as limit=${limit} asked, and says nothing of a next page (no Link rel="next", cursor, token, next URL or page number in its body or headers)`,
      });
    }
    if (n >= MAX_PAGES) return finish({ kind: 'unfinished', why: `the read stopped after ${MAX_PAGES} pages, the most it follows` });
    const moved =
      next.kind === 'url'
        ? await follow(next.url, next.via, ex)
        : await moveOn({ api, first, operation, book, seen, itemsOf: (page) => rawItems(page)?.items ?? [] }, next.moves, next.via, raw);
    if (typeof moved === 'string') return finish({ kind: 'unfinished', why: `after page ${n}, ${moved}` });
    ex = moved;
  }
}
