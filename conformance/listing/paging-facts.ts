// Collects what a listing answer says about its paging, wherever it says it:
// the Link header, paging headers (X-Next-Page, X-Next-Cursor, X-Total-Pages,
// ...), and fields of the body at its root or one or two objects down (`meta`,
// `pagination`, `links`, `page_info`, ...), in any spelling (`nextCursor`,
// `next_cursor`, `NextToken`). The decision of what to follow is next-page.ts's.
import { nextLink, parseLinkHeader } from './link-header.ts';

/** A value found, with where it was found (for reports: `body meta.next_cursor`, `header X-Next-Page`). */
export interface Fact<T> {
  value: T;
  /** The name as the deployment spells it (a query parameter is often named after it). */
  key: string;
  via: string;
}

export interface PagingFacts {
  /** A URL of the next page (absolute or relative). */
  nextUrl?: Fact<string>;
  /** An opaque cursor or token for the next page. */
  token?: Fact<string>;
  nextPage?: Fact<number>;
  page?: Fact<number>;
  totalPages?: number;
  totalItems?: number;
  pageSize?: number;
  offset?: Fact<number>;
  more?: Fact<boolean>;
  /** Where the answer says plainly that this is the last page (`next: null`, a Link header without rel="next"). */
  ended?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A name without case, `_`, `-`, `@`, `$` or `.`: `next_cursor`, `nextCursor` and `NextCursor` are one name. */
const norm = (name: string) => name.toLowerCase().replace(/[_\-@$.]/g, '');

const NEXT_URL = new Set(['nexturl', 'nextlink', 'nexthref', 'nexturi', 'nextpageurl', 'nextpagelink', 'odatanextlink']);
const NEXT_ANY = new Set(['next', 'nextpage']);
const TOKEN = new Set([
  'nextcursor',
  'nextpagecursor',
  'nextpagetoken',
  'nexttoken',
  'nextkey',
  'nextmarker',
  'continuationtoken',
  'continuation',
  'cursor',
  'endcursor',
]);
const PAGE = new Set(['page', 'pagenumber', 'currentpage', 'pageindex', 'pagenum', 'pageno']);
const TOTAL_PAGES = new Set(['totalpages', 'pagecount', 'pages', 'lastpage', 'numpages']);
const TOTAL_ITEMS = new Set(['total', 'totalcount', 'totalitems', 'totalresults', 'totalelements', 'count']);
const PAGE_SIZE = new Set(['perpage', 'pagesize', 'limit', 'pagelength']);
const OFFSET = new Set(['offset', 'start', 'skip']);
const MORE = new Set(['hasmore', 'hasnext', 'hasnextpage', 'more', 'moreitems', 'istruncated', 'truncated']);
const LINKS = new Set(['links', 'link']);
/** Link relations of a paged listing: a Link header with one of them and no "next" marks the last page. */
const PAGING_RELS = new Set(['prev', 'previous', 'first', 'last']);

/** The objects whose fields may describe paging: the root, then objects one and two levels down, with their labels. */
function containers(json: unknown): { label: string; object: Json }[] {
  if (!isObject(json)) return [];
  const found = [{ label: '', object: json }];
  for (const [name, value] of Object.entries(json)) {
    if (!isObject(value)) continue;
    found.push({ label: name, object: value });
    for (const [inner, deeper] of Object.entries(value)) if (isObject(deeper)) found.push({ label: `${name}.${inner}`, object: deeper });
  }
  return found;
}

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^\d{1,9}$/.test(value)
      ? Number(value)
      : undefined;
const looksLikeUrl = (value: string) => /^(https?:\/\/|\/|\?)/i.test(value);
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** Reads one field into the facts (the first of each kind wins: the root before what lies deeper). */
function readField(facts: PagingFacts, container: string, key: string, value: unknown, sent: Record<string, string>): void {
  const name = norm(key);
  const via = `body ${container ? `${container}.` : ''}${key}`;
  const inLinks = LINKS.has(norm(container.split('.').at(-1) ?? ''));
  const href = isObject(value) && typeof value.href === 'string' ? value.href : value;
  const absent = value === null || value === '' || value === false;
  if (NEXT_URL.has(name) || NEXT_ANY.has(name) || (inLinks && name === 'next')) {
    if (typeof href === 'string' && href !== '' && (looksLikeUrl(href) || inLinks || NEXT_URL.has(name)))
      facts.nextUrl ??= { value: href, key, via };
    else if (name === 'nextpage' && numberOf(value) !== undefined) facts.nextPage ??= { value: numberOf(value)!, key, via };
    else if (name === 'next' && textOf(value) !== undefined) facts.token ??= { value: textOf(value)!, key, via };
    else if (absent) facts.ended ??= via;
    return;
  }
  if (TOKEN.has(name)) {
    // A `cursor` that repeats the one sent names this page, not the next.
    const token = textOf(value);
    if (token !== undefined && !(name === 'cursor' && Object.values(sent).includes(token))) facts.token ??= { value: token, key, via };
    else if (absent && name !== 'cursor') facts.ended ??= via;
    return;
  }
  if (name === 'nextpagenumber' && numberOf(value) !== undefined) facts.nextPage ??= { value: numberOf(value)!, key, via };
  else if (PAGE.has(name) && numberOf(value) !== undefined) facts.page ??= { value: numberOf(value)!, key, via };
  else if (TOTAL_PAGES.has(name) && numberOf(value) !== undefined) facts.totalPages ??= numberOf(value);
  else if (TOTAL_ITEMS.has(name) && numberOf(value) !== undefined) facts.totalItems ??= numberOf(value);
  else if (PAGE_SIZE.has(name) && numberOf(value) !== undefined) facts.pageSize ??= numberOf(value);
  else if (OFFSET.has(name) && numberOf(value) !== undefined) facts.offset ??= { value: numberOf(value)!, key, via };
  else if (MORE.has(name) && typeof value === 'boolean') facts.more ??= { value, key, via };
}

/** Paging headers (GitLab's X-Page family, X-Next-Cursor and the like), read after the body. */
function readHeaders(facts: PagingFacts, headers: Record<string, string>): void {
  for (const [header, raw] of Object.entries(headers)) {
    const name = norm(header.replace(/^x-/i, ''));
    const value = raw.trim();
    const via = `header ${header}`;
    if (name === 'nextpage') {
      if (value === '') facts.ended ??= via;
      else if (numberOf(value) !== undefined) facts.nextPage ??= { value: numberOf(value)!, key: 'page', via };
    } else if (TOKEN.has(name) && name !== 'cursor' && value !== '') facts.token ??= { value, key: header.replace(/^x-/i, ''), via };
    else if (name === 'page' && numberOf(value) !== undefined) facts.page ??= { value: numberOf(value)!, key: 'page', via };
    else if (name === 'totalpages' && numberOf(value) !== undefined) facts.totalPages ??= numberOf(value);
    else if ((name === 'totalcount' || name === 'total') && numberOf(value) !== undefined) facts.totalItems ??= numberOf(value);
    else if (name === 'perpage' && numberOf(value) !== undefined) facts.pageSize ??= numberOf(value);
    else if (MORE.has(name) && /^(true|false)$/i.test(value)) facts.more ??= { value: /^true$/i.test(value), key: header, via };
  }
}

/** What an answer says about its paging; `sent` is the query of the request that got it. */
export function pagingFacts(json: unknown, headers: Record<string, string>, sent: Record<string, string> = {}): PagingFacts {
  const facts: PagingFacts = {};
  const next = nextLink(headers.link);
  if (next !== undefined) facts.nextUrl = { value: next, key: 'Link', via: 'Link rel="next"' };
  else if (parseLinkHeader(headers.link).some((link) => link.rels.some((rel) => PAGING_RELS.has(rel))))
    facts.ended = 'a Link header without rel="next"';
  for (const { label, object } of containers(json))
    for (const [key, value] of Object.entries(object)) readField(facts, label, key, value, sent);
  readHeaders(facts, headers);
  return facts;
}
