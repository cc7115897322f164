// Listings as a proxy sees them: reads a whole listing from the server (every
// page), tells whether a file view passes a listing's filters and where it
// sorts, and pages a list again with cursors the proxy issues itself.
import { semanticScore, queryWords } from '../../../mocks/handlers/semantic-ranking.ts';
import type { FileRecord } from '../../../mocks/world/world-types.ts';
import type { Forward, ProxyRequest, ProxyResponse } from './loopback-proxy.ts';
import { parseJson, pathAndQuery } from './rule-json.ts';

/** An item of a listing as JSON: a File (`id`) or a TrashEntry (`fileId`). */
export type View = Record<string, unknown>;
/** The two listings the proxy serves itself: files and trash. */
export type ListingKind = 'files' | 'trash';

/** The file id of a listing item. */
export const idOf = (kind: ListingKind, view: View): string => String(kind === 'files' ? view.id : view.fileId);

const byPath = (a: View, b: View): number => (String(a.path) < String(b.path) ? -1 : String(a.path) > String(b.path) ? 1 : 0);
const newestFirst = (a: View, b: View): number =>
  String(a.trashedAt) < String(b.trashedAt)
    ? 1
    : String(a.trashedAt) > String(b.trashedAt)
      ? -1
      : String(a.fileId) < String(b.fileId)
        ? -1
        : 1;
const bestFirst = (a: View, b: View): number => Number(b.score) - Number(a.score) || byPath(a, b);

/** How a listing sorts: trash newest first; files by path, or by score then path with semantic=1 (G24). */
export function orderOf(kind: ListingKind, query: URLSearchParams): (a: View, b: View) => number {
  if (kind === 'trash') return newestFirst;
  return query.get('semantic') === '1' ? bestFirst : byPath;
}

/** Whether the listing pages by position in path order (stable cursors) rather than by offset. */
export const pagesByPath = (kind: ListingKind, query: URLSearchParams): boolean => kind === 'files' && query.get('semantic') !== '1';

/**
 * The view as the file listing with these filters would show it, or undefined when they leave it out: prefix, tag and
 * search combine with AND (G17); search is a case-insensitive substring of path, description or a tag; with semantic=1
 * the view carries its score and a score of 0 leaves it out (G24).
 */
export function asListed(view: View, query: URLSearchParams): View | undefined {
  const path = String(view.path);
  const tags = (view.tags as string[] | undefined) ?? [];
  const prefix = query.get('prefix');
  const tag = query.get('tag');
  const search = query.get('search');
  if (prefix !== null && !path.startsWith(prefix)) return undefined;
  if (tag !== null && !tags.includes(tag)) return undefined;
  if (search !== null && query.get('semantic') === '1') {
    const score = semanticScore(view as unknown as FileRecord, queryWords(search));
    return score > 0 ? { ...view, score } : undefined;
  }
  if (search !== null) {
    const needle = search.toLowerCase();
    const texts = [path, typeof view.description === 'string' ? view.description : '', ...tags];
    if (!texts.some((t) => t.toLowerCase().includes(needle))) return undefined;
  }
  return view;
}

/** A page answer's items and next cursor, or undefined when the answer is not a listing. */
export function listingOf(response: ProxyResponse): { body: Record<string, unknown>; data: View[]; nextCursor: string | null } | undefined {
  const body = parseJson(response.body) as Record<string, unknown> | undefined;
  if (response.status !== 200 || !body || !Array.isArray(body.data)) return undefined;
  return { body, data: body.data as View[], nextCursor: typeof body.nextCursor === 'string' ? body.nextCursor : null };
}

/** Every item of a listing: `url` (without cursor) is asked for in pages of `pageSize`, following the server's cursors. */
export async function readWholeListing(forward: Forward, request: ProxyRequest, url: URL, pageSize: number): Promise<View[]> {
  const items: View[] = [];
  const next = new URL(url);
  next.searchParams.set('limit', String(pageSize));
  for (let pages = 0; pages < 10_000; pages++) {
    const answer = await forward({ ...request, method: 'GET', url: pathAndQuery(next), body: Buffer.alloc(0) });
    const page = listingOf(answer);
    if (!page) throw new Error(`reading ${next.pathname} page ${pages + 1} answered ${answer.status}`);
    items.push(...page.data);
    if (page.nextCursor === null) return items;
    next.searchParams.set('cursor', page.nextCursor);
  }
  throw new Error(`${url.pathname} did not end within 10,000 pages`);
}

/** Where a page starts: after a path (path-ordered listings) or at an offset. */
export type Position = { after: string } | { offset: number };

/** Cursors the proxy issues: opaque tokens for positions, the oldest forgotten past `capacity`. */
export class CursorBook {
  private readonly positions = new Map<string, Position>();
  private issued = 0;
  constructor(private readonly capacity = 50_000) {}

  issue(position: Position): string {
    const token = `pc${(++this.issued).toString(36)}x${Math.random().toString(36).slice(2, 8)}`;
    this.positions.set(token, position);
    if (this.positions.size > this.capacity) this.positions.delete(this.positions.keys().next().value!);
    return token;
  }

  read(token: string): Position | undefined {
    return this.positions.get(token);
  }
}

/** One page of a sorted list from `position`, and where the next page starts (null on the last page). */
export function pageOf(items: View[], position: Position | undefined, limit: number, byPathOrder: boolean) {
  let start = 0;
  if (position && 'after' in position) {
    start = items.findIndex((v) => String(v.path) > position.after);
    if (start < 0) start = items.length;
  } else if (position) start = position.offset;
  const data = items.slice(start, start + limit);
  const more = start + limit < items.length;
  const next: Position | null = !more ? null : byPathOrder ? { after: String(data.at(-1)!.path) } : { offset: start + limit };
  return { data, next };
}
