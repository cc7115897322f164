// Decides how to ask for a listing's next page from what its answer says
// (paging-facts.ts): follow a URL (Link rel="next", a `next` URL in the body),
// or send the first request again with one query parameter set (a cursor or
// token, a page number, an offset). Which parameter a deployment reads is not
// said by a token alone, so a move lists the likely ones, best first; the
// reader tries them and remembers the one that moved to another page.
import type { PagingFacts } from './paging-facts.ts';

/** One way to ask for the next page: this query parameter with this value. */
export interface Move {
  param: string;
  value: string;
}

export type Continuation =
  /** Follow this URL (absolute, or relative to the page's own URL). */
  | { kind: 'url'; url: string; via: string }
  /** Send the first request again with one of these parameters set (the first that moves on). */
  | { kind: 'query'; moves: Move[]; via: string }
  /** The answer says this is the last page. */
  | { kind: 'end'; via: string }
  /** The answer says nothing about paging. */
  | { kind: 'none' };

/** The parameter a response field is usually sent back as: `nextCursor` → `cursor`, `next_page_token` → `page_token`. */
function paramOf(key: string): string | undefined {
  // A graph's page info ends a page at endCursor and takes it back as `after`.
  if (/^end[-_]?cursor$/i.test(key)) return 'after';
  const rest = key.replace(/^next[-_]?/i, '');
  if (rest === '' || rest === key) return undefined;
  return rest[0].toLowerCase() + rest.slice(1);
}

const unique = (moves: Move[]): Move[] => moves.filter((m, i) => moves.findIndex((n) => n.param === m.param) === i);

/** The parameters a token may go back in, the one its field's name suggests first. */
function tokenMoves(key: string, value: string): Move[] {
  const named = [paramOf(key), key].filter((p): p is string => p !== undefined && !/[-\s]/.test(p) && !/^next$/i.test(p));
  const params = [...named, 'cursor', 'pageToken', 'page_token', 'after', 'token', 'continuation', 'starting_after', 'marker'];
  return unique(params.map((param) => ({ param, value })));
}

/** The parameters a page number may go in, the one the answer names its page by first. */
function pageMoves(key: string | undefined, page: number): Move[] {
  const named = key && !/^(current|x-)/i.test(key) && !/[-\s]/.test(key) ? [key] : [];
  return unique([...named, 'page', 'pageNumber', 'page_number', 'p'].map((param) => ({ param, value: String(page) })));
}

/** Where a page stands in a read: what it holds and what was asked for it. */
export interface PageContext {
  /** Items on this page, and on every page read so far with it. */
  count: number;
  readSoFar: number;
  /** This page's number in the read, from 1. */
  pageNumber: number;
  /** The `limit` asked, if any. */
  limit?: number;
  /** The query sent for this page. */
  sent: Record<string, string>;
  /** The id of the page's last item, if it has one. */
  lastId?: string;
}

/** Guesses for a listing that says more items follow (or a total beyond them) but not how to reach them. */
function guessedMoves(page: PageContext): Move[] {
  const after = page.lastId === undefined ? [] : ['starting_after', 'after'].map((param) => ({ param, value: page.lastId! }));
  return [...after, { param: 'page', value: String(page.pageNumber + 1) }, { param: 'offset', value: String(page.readSoFar) }];
}

/** What a page's answer says of the page after it. */
export function continuationOf(facts: PagingFacts, page: PageContext): Continuation {
  const { count, limit, sent } = page;
  if (facts.nextUrl?.key === 'Link') return { kind: 'url', url: facts.nextUrl.value, via: facts.nextUrl.via };
  // A cursor beside `has_more: false` (a graph's endCursor) marks where this page ends, not a next page.
  if (facts.more?.value === false) return { kind: 'end', via: facts.more.via };
  if (facts.nextUrl) return { kind: 'url', url: facts.nextUrl.value, via: facts.nextUrl.via };
  if (facts.token) return { kind: 'query', moves: tokenMoves(facts.token.key, facts.token.value), via: facts.token.via };
  if (facts.nextPage) return { kind: 'query', moves: pageMoves(facts.page?.key, facts.nextPage.value), via: facts.nextPage.via };
  const size = facts.pageSize ?? limit;
  const full = size !== undefined && count >= size && count > 0;
  if (facts.page) {
    const { value, key, via } = facts.page;
    // Pages count from 0 where the first one says 0; a total of pages then ends one sooner.
    const sentPage = Number(sent[key] ?? Number.NaN);
    const zeroBased = value === 0 || sentPage === 0;
    const last =
      facts.totalPages !== undefined
        ? value + (zeroBased ? 1 : 0) >= facts.totalPages
        : facts.totalItems !== undefined && size
          ? (value + (zeroBased ? 1 : 0)) * size >= facts.totalItems
          : !full;
    if (facts.more?.value === true || !last) return { kind: 'query', moves: pageMoves(key, value + 1), via };
    return { kind: 'end', via };
  }
  if (facts.offset) {
    const { value, key, via } = facts.offset;
    const more = facts.more?.value ?? (facts.totalItems !== undefined ? value + count < facts.totalItems : full);
    if (!more) return { kind: 'end', via };
    return {
      kind: 'query',
      moves: unique([key, 'offset', 'start', 'skip'].map((param) => ({ param, value: String(value + count) }))),
      via,
    };
  }
  if (facts.more?.value === true) return { kind: 'query', moves: guessedMoves(page), via: facts.more.via };
  if (facts.ended) return { kind: 'end', via: facts.ended };
  if (facts.totalItems !== undefined && page.readSoFar < facts.totalItems && count > 0)
    return { kind: 'query', moves: guessedMoves(page), via: `a total of ${facts.totalItems} items` };
  if (facts.totalPages !== undefined && facts.totalPages <= 1) return { kind: 'end', via: 'a total of one page' };
  return { kind: 'none' };
}
