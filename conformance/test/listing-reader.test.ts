// The listing reader against tiny in-memory servers: it follows a relative
// Link header, learns which parameter takes a token back (and learns again
// when the one it knew stops working), and ends a read it cannot finish
// with why: a full page that says nothing of a next one, a loop, another origin.
import { describe, expect, it } from 'vitest';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import { readListing } from '../listing/listing-reader.ts';
import { ShapeBook } from '../listing/shape-book.ts';

const BASE = 'https://api.test/api/v1';
const PATH = '/workspaces/w1/buckets/b1/files';
const FILES = Array.from({ length: 7 }, (_, i) => ({ id: `f${i + 1}`, path: `p/${i + 1}.txt` }));

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** A client whose every request `server` answers; `sent` lists the URLs asked for. */
function fakeApi(server: (url: URL) => Answer) {
  const sent: string[] = [];
  const listingShapes = new ShapeBook();
  const send = async (request: ApiRequest): Promise<Exchange> => {
    const url = new URL(/^https?:/.test(request.path) ? request.path : `${BASE}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.append(name, value);
    sent.push(url.href);
    const answer = server(url);
    const text = JSON.stringify(answer.body);
    return {
      request: { method: request.method, url: url.href, headers: {} },
      status: answer.status ?? 200,
      headers: answer.headers ?? {},
      text,
      shownText: text,
      body: Buffer.from(text),
      json: answer.body,
      attempts: 1,
      elapsedMs: 0,
    };
  };
  return { send, listingShapes, sent };
}

const get = (query: Record<string, string> = {}): ApiRequest => ({ method: 'GET', path: PATH, query, auth: { key: 'k' } });
const slice = (from: number, size: number) => FILES.slice(from, from + size);
const paths = (items: { path: string }[]) => items.map((f) => f.path);

describe('the listing reader', () => {
  it('follows a relative Link header to the end and reports the shape per route', async () => {
    const api = fakeApi((url): Answer => {
      const at = Number(url.searchParams.get('page') ?? 1);
      const more = at * 2 < FILES.length;
      return {
        body: slice((at - 1) * 2, 2),
        headers: more ? { link: `<${PATH.replace('/workspaces', '/api/v1/workspaces')}?limit=2&page=${at + 1}>; rel="next"` } : {},
      };
    });
    const listing = await readListing<{ path: string }>(api, get({ limit: '2' }));
    expect(paths(listing.items)).toEqual(paths(FILES));
    expect(listing.end).toEqual({ kind: 'last' });
    expect(listing.pages).toHaveLength(4);
    expect(api.listingShapes.shapes()).toEqual({
      listFiles: { items: '(bare array)', paging: 'next page URL in Link rel="next"', pages: 4 },
    });
  });

  it('learns which parameter takes a token back, then sends only that one', async () => {
    const api = fakeApi((url) => {
      const from = Number(url.searchParams.get('page_token') ?? 0);
      return { body: { data: slice(from, 2), meta: { next: from + 2 < FILES.length ? String(from + 2) : null } } };
    });
    const first = await readListing<{ path: string }>(api, get({ limit: '2' }));
    expect(paths(first.items)).toEqual(paths(FILES));
    expect(api.listingShapes.paramOf('listFiles')).toBe('page_token');
    expect(api.listingShapes.shapes().listFiles.paging).toBe('body meta.next sent back as ?page_token=');
    const asked = api.sent.length;
    const again = await readListing<{ path: string }>(api, get({ limit: '2' }));
    expect(paths(again.items)).toEqual(paths(FILES));
    expect(api.sent.length - asked).toBe(4);
  });

  it('learns again when the parameter it knew does not move on', async () => {
    const api = fakeApi((url) => {
      const from = Number(url.searchParams.get('page_token') ?? 0);
      return { body: { items: slice(from, 3), nextPageToken: from + 3 < FILES.length ? String(from + 3) : null } };
    });
    api.listingShapes.followed('listFiles', 'body nextCursor', 'cursor');
    const listing = await readListing<{ path: string }>(api, get());
    expect(paths(listing.items)).toEqual(paths(FILES));
    expect(api.listingShapes.paramOf('listFiles')).toBe('page_token');
  });

  it('follows has_more by the last id (starting_after) when the answer names nothing else', async () => {
    const api = fakeApi((url) => {
      const after = url.searchParams.get('starting_after');
      const from = after ? FILES.findIndex((f) => f.id === after) + 1 : 0;
      return { body: { object: 'list', data: slice(from, 2), has_more: from + 2 < FILES.length } };
    });
    expect(paths((await readListing<{ path: string }>(api, get({ limit: '2' }))).items)).toEqual(paths(FILES));
  });

  it('ends unfinished on a full page that says nothing of a next one, and finished on a short one', async () => {
    const full = await readListing<{ path: string }>(
      fakeApi(() => ({ body: { data: slice(0, 2) } })),
      get({ limit: '2' }),
    );
    expect(full.end).toEqual({
      kind: 'unfinished',
      why: expect.stringMatching(/^page 1 holds 2 items, as many as limit=2 asked, and says nothing of a next page/),
    });
    const short = await readListing<{ path: string }>(
      fakeApi(() => ({ body: { data: slice(0, 1) } })),
      get({ limit: '2' }),
    );
    expect(short.end).toEqual({ kind: 'last' });
    // Without a limit asked, a page without continuation is the whole listing (the server's page size).
    expect(
      (
        await readListing<{ path: string }>(
          fakeApi(() => ({ body: FILES })),
          get(),
        )
      ).end,
    ).toEqual({ kind: 'last' });
  });

  it('ends unfinished on a loop, a next page at another origin, and a cursor no parameter moves on', async () => {
    const loop = fakeApi((url) => ({ body: { data: url.searchParams.has('cursor') ? slice(2, 2) : slice(0, 2), nextCursor: 'again' } }));
    expect((await readListing<{ path: string }>(loop, get({ limit: '2' }))).end).toMatchObject({
      kind: 'unfinished',
      why: expect.stringContaining('led back to a page already read'),
    });
    const elsewhere = fakeApi(() => ({ body: slice(0, 2), headers: { link: '<https://cdn.other.test/page2>; rel="next"' } }));
    const away = await readListing<{ path: string }>(elsewhere, get({ limit: '2' }));
    expect(away.end).toMatchObject({ kind: 'unfinished', why: expect.stringContaining('another origin, https://cdn.other.test') });
    expect(elsewhere.sent.every((url) => url.startsWith(BASE))).toBe(true);
    const broken = fakeApi(() => ({ body: { results: slice(0, 2), next: 'http://' } }));
    expect((await readListing(broken, get({ limit: '2' }))).end).toMatchObject({
      kind: 'unfinished',
      why: expect.stringContaining('is no URL the suite can follow'),
    });
    const first = fakeApi(() => ({ body: slice(0, 2), headers: { link: `<${BASE}${PATH}?limit=2>; rel="next"` } }));
    expect((await readListing(first, get({ limit: '2' }))).end).toMatchObject({
      why: expect.stringContaining('led back to a page already read'),
    });
    const ignored = fakeApi(() => ({ body: { data: slice(0, 2), meta: { next_token: 'zz' } } }));
    expect((await readListing<{ path: string }>(ignored, get({ limit: '2' }))).end).toMatchObject({
      kind: 'unfinished',
      why: expect.stringMatching(/body meta\.next_token, but none of \?token=, \?next_token=, \?cursor=.* led to another page/),
    });
    expect(ignored.listingShapes.shapes().listFiles).toMatchObject({ unfinished: 1 });
  });

  it('reads past a page that repeats the one before once (items shifted by a write), not twice', async () => {
    let shifted = false;
    const api = fakeApi((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      // Page 2 is asked for after a write removed two files before it: it repeats page 1, once.
      const from = page === 2 && !shifted ? ((shifted = true), 0) : (page - 1) * 2;
      return { body: { items: slice(from, 2), page, total_pages: 4 } };
    });
    api.listingShapes.followed('listFiles', 'body page', 'page');
    const listing = await readListing<{ path: string }>(api, get({ limit: '2' }));
    expect(listing.end).toEqual({ kind: 'last' });
    expect(listing.pages).toHaveLength(4);
    const stuck = fakeApi((url) => ({ body: { items: slice(0, 2), page: Number(url.searchParams.get('page') ?? 1), total_pages: 4 } }));
    stuck.listingShapes.followed('listFiles', 'body page', 'page');
    const stopped = await readListing(stuck, get({ limit: '2' }));
    expect(stopped.end).toMatchObject({ kind: 'unfinished', why: 'pages 1 to 3 list the same items: the continuation did not move on' });
    expect(stopped.pageItems).toHaveLength(stopped.pages.length);
  });

  it('stops where the caller found what it looked for, and at a page not served', async () => {
    const api = fakeApi((url) => {
      const from = Number(url.searchParams.get('cursor') ?? 0);
      if (from >= 4) return { status: 500, body: { error: 'boom' } };
      return { body: { data: slice(from, 2), nextCursor: String(from + 2) } };
    });
    const found = await readListing<{ path: string }>(api, get({ limit: '2' }), {
      until: (items) => items.some((f) => f.path === 'p/3.txt'),
    });
    expect(found.end).toEqual({ kind: 'stopped' });
    expect(found.pageItems.map(paths)).toEqual([
      ['p/1.txt', 'p/2.txt'],
      ['p/3.txt', 'p/4.txt'],
    ]);
    expect((await readListing<{ path: string }>(api, get({ limit: '2' }))).end).toEqual({ kind: 'refused', status: 500 });
  });
});
