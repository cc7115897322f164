// The listing reader's shape detection, unit by unit: where a body keeps its
// items, what an answer says of its next page (Link header, URL, cursor,
// token, page number, offset, or its end), in every spelling the suite meets.
import { describe, expect, it } from 'vitest';
import { findItems, listedItems, pathLabel } from '../listing/listing-items.ts';
import { nextLink, parseLinkHeader } from '../listing/link-header.ts';
import { pagingFacts } from '../listing/paging-facts.ts';
import { continuationOf, type PageContext } from '../listing/next-page.ts';

const file = (n: number) => ({ id: `f${n}`, path: `p/${n}.txt`, tags: ['a'] });
const page = (over: Partial<PageContext> = {}): PageContext => ({ count: 2, readSoFar: 2, pageNumber: 1, limit: 2, sent: {}, ...over });
const next = (json: unknown, headers: Record<string, string> = {}, over: Partial<PageContext> = {}) =>
  continuationOf(pagingFacts(json, headers, over.sent ?? {}), page(over));
const params = (c: ReturnType<typeof next>) => (c.kind === 'query' ? c.moves.map((m) => `${m.param}=${m.value}`) : c.kind);

describe('where a listing keeps its items', () => {
  it('finds a bare array, a known envelope name, and one level deeper', () => {
    expect(findItems([file(1)])?.path).toEqual([]);
    for (const name of ['data', 'items', 'results', 'files', 'entries', 'records'])
      expect(findItems({ [name]: [file(1)], total: 1 })?.path, name).toEqual([name]);
    expect(findItems({ data: { items: [file(1)], next_cursor: 'x' }, meta: {} })?.path).toEqual(['data', 'items']);
    expect(findItems({ _embedded: { files: [file(1)] }, _links: { self: { href: '/x' } } })?.path).toEqual(['_embedded', 'files']);
  });

  it('learns from the body, not a list alone: the one array of objects, under any name', () => {
    expect(findItems({ documents: [file(1), file(2)], cursor: null })?.path).toEqual(['documents']);
    // Several arrays: the one whose items look like listed resources, before a known name of plain values.
    expect(findItems({ warnings: ['slow'], stuff: [{ id: 1, path: 'a' }] })?.path).toEqual(['stuff']);
    expect(findItems({ errors: [{ message: 'x' }], data: [file(1)] })?.path).toEqual(['data']);
    // An empty listing still names its items.
    expect(findItems({ data: [], meta: { next_cursor: null } })?.path).toEqual(['data']);
  });

  it('reads a single resource as no listing, and a learned path first', () => {
    expect(findItems(file(1))).toBeUndefined();
    expect(findItems('text')).toBeUndefined();
    expect(findItems({ data: [file(1)], results: [file(2)] }, ['results'])?.items).toEqual([file(2)]);
    // A learned path this answer lacks: found again by shape.
    expect(findItems({ items: [file(3)] }, ['data'])?.path).toEqual(['items']);
    expect(pathLabel([])).toBe('(bare array)');
    expect(pathLabel(['data', 'items'])).toBe('data.items');
  });

  it('reads JSON:API resources through their attributes and graph edges through their node', () => {
    expect(listedItems({ data: [{ type: 'file', id: '7', attributes: { path: 'a.txt', tags: [] } }] })).toEqual([
      { id: '7', path: 'a.txt', tags: [] },
    ]);
    expect(listedItems({ edges: [{ node: file(1), cursor: 'c1' }] })).toEqual([file(1)]);
  });
});

describe('what an answer says of its next page', () => {
  it('follows a Link header rel="next", absolute or relative, and reads one without it as the last page', () => {
    const header =
      '<https://api.example.com/v1/files?page=2&per_page=2>; rel="next", <https://api.example.com/v1/files?page=5>; rel="last"';
    expect(nextLink(header)).toBe('https://api.example.com/v1/files?page=2&per_page=2');
    expect(parseLinkHeader('</files?cursor=a,b>; rel="next prefetch"')).toEqual([
      { target: '/files?cursor=a,b', rels: ['next', 'prefetch'] },
    ]);
    expect(next([file(1), file(2)], { link: '</api/v1/x?cursor=abc>; rel=next' })).toEqual({
      kind: 'url',
      url: '/api/v1/x?cursor=abc',
      via: 'Link rel="next"',
    });
    expect(next([file(1), file(2)], { link: '<https://h/x?page=1>; rel="first", <https://h/x?page=2>; rel="prev"' }).kind).toBe('end');
    // A Link header for something else says nothing of paging.
    expect(next([file(1), file(2)], { link: '</style.css>; rel="preload"' }).kind).toBe('none');
  });

  it('sends a body cursor back in the parameter its name suggests first, then the usual ones', () => {
    expect(params(next({ data: [file(1)], nextCursor: 'c2' }))[0]).toBe('cursor=c2');
    expect(params(next({ data: [file(1)], next_cursor: 'c2' }))[0]).toBe('cursor=c2');
    expect(params(next({ data: [file(1)], meta: { nextPageToken: 't2' } })).slice(0, 2)).toEqual(['pageToken=t2', 'nextPageToken=t2']);
    expect(params(next({ items: [file(1)], pagination: { next_page_token: 't' } }))[0]).toBe('page_token=t');
    expect(params(next({ data: [file(1)], meta: { pagination: { next_cursor: 'deep' } } }))[0]).toBe('cursor=deep');
    expect(params(next({ data: [file(1)], response_metadata: { next_cursor: 'slack' } }))[0]).toBe('cursor=slack');
    expect(params(next({ data: [file(1)], cursor: { next: 'n1' } }))).toContain('cursor=n1');
    expect(params(next({ data: [file(1)], next: 'opaque' }))).toContain('cursor=opaque');
    // A token in a header.
    expect(params(next([file(1)], { 'x-next-cursor': 'h1' }))[0]).toBe('cursor=h1');
  });

  it('takes a `cursor` that repeats the one sent as this page, and has_more: false over an end cursor', () => {
    expect(next({ data: [file(1)], cursor: 'same' }, {}, { sent: { cursor: 'same' }, limit: 5, count: 1 }).kind).toBe('none');
    expect(next({ data: [file(1)], pageInfo: { hasNextPage: false, endCursor: 'e1' } }).kind).toBe('end');
    expect(params(next({ data: [file(1)], pageInfo: { hasNextPage: true, endCursor: 'e1' } }))[0]).toBe('after=e1');
  });

  it('follows a next URL in the body: DRF `next`, `links.next` as a string or {href}, Laravel `next_page_url`', () => {
    expect(next({ count: 9, next: 'https://h/api/v1/x?page=2', previous: null, results: [file(1)] })).toMatchObject({
      kind: 'url',
      url: 'https://h/api/v1/x?page=2',
    });
    expect(next({ data: [], links: { next: '/api/v1/x?page[cursor]=b' } })).toMatchObject({ kind: 'url', url: '/api/v1/x?page[cursor]=b' });
    expect(next({ data: [], links: { next: 'token-in-links' } })).toMatchObject({ kind: 'url', url: 'token-in-links' });
    expect(next({ data: [], _links: { next: { href: '/x?p=2' } } })).toMatchObject({ kind: 'url', url: '/x?p=2' });
    expect(next({ data: [], next_page_url: '/x?page=3' })).toMatchObject({ kind: 'url', url: '/x?page=3' });
  });

  it('counts page numbers, from 1 or 0, until the total of pages, has_more or a short page says the end', () => {
    expect(params(next({ items: [file(1)], page: 1, totalPages: 3 }))[0]).toBe('page=2');
    expect(params(next({ items: [file(1)], pageNumber: 2, totalPages: 3 }))[0]).toBe('pageNumber=3');
    expect(next({ items: [file(1)], page: 3, total_pages: 3 }).kind).toBe('end');
    expect(params(next({ items: [file(1)], page: 0, totalPages: 2 }))[0]).toBe('page=1');
    expect(next({ items: [file(1)], page: 1, totalPages: 2 }, {}, { sent: { page: '1' } }).kind).toBe('query');
    expect(next({ items: [file(1)], page: 0, totalPages: 1 }).kind).toBe('end');
    expect(params(next({ items: [file(1)], meta: { current_page: 1, last_page: 2 } }))[0]).toBe('page=2');
    expect(params(next({ items: [file(1)], page: 1, per_page: 3, has_more: true }))[0]).toBe('page=2');
    expect(next({ items: [file(1)], page: 2, has_more: false }).kind).toBe('end');
    expect(params(next({ items: [file(1), file(2)], page: 1, per_page: 2, total: 5 }))[0]).toBe('page=2');
    // Without a total, a short page is the last; a full one may have a successor.
    expect(next({ items: [file(1)], page: 1 }, {}, { count: 1 }).kind).toBe('end');
    expect(params(next({ items: [file(1), file(2)], page: 1 }))[0]).toBe('page=2');
    expect(params(next({ items: [file(1)], nextPage: 4 }))[0]).toBe('page=4');
    expect(params(next([file(1)], { 'x-next-page': '2', 'x-total-pages': '3' }))[0]).toBe('page=2');
    expect(next([file(1)], { 'x-next-page': '' }).kind).toBe('end');
  });

  it('moves offsets on by what came, and guesses when a listing only says more follow', () => {
    expect(params(next({ data: [file(1), file(2)], offset: 0, total: 5 }))[0]).toBe('offset=2');
    expect(next({ data: [file(1)], offset: 4, total: 5 }, {}, { count: 1, readSoFar: 5 }).kind).toBe('end');
    expect(params(next({ data: [file(1), file(2)], has_more: true }, {}, { lastId: 'f2' }))).toEqual([
      'starting_after=f2',
      'after=f2',
      'page=2',
      'offset=2',
    ]);
    expect(params(next({ data: [file(1), file(2)], total: 9 }))).toEqual(['page=2', 'offset=2']);
  });

  it('reads an explicit end, and says nothing where the answer says nothing', () => {
    expect(next({ data: [file(1)], nextCursor: null })).toEqual({ kind: 'end', via: 'body nextCursor' });
    expect(next({ results: [file(1)], next: null })).toMatchObject({ kind: 'end' });
    expect(next({ data: [file(1)], meta: { next_token: null } })).toMatchObject({ kind: 'end', via: 'body meta.next_token' });
    expect(next([file(1), file(2)]).kind).toBe('none');
    expect(next({ data: [file(1)] }).kind).toBe('none');
  });
});
