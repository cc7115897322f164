// Proxy rules that page and wrap every listing of the mock another way, as
// deployments do where the seed shows no bodies and no paging: GitHub-style
// bare arrays with a Link header, page numbers, a `{data, meta}` envelope with
// a token in its own parameter, one bare page, and `results` with a `next` URL.
// Each translates its own continuation into the mock's cursor, so a fault
// planted in the mock (a filter dropped after the first page) shows through.
import type { Forward, ProxyRequest, ProxyResponse, Rule } from './loopback-proxy.ts';
import { listingOf, type View } from './listing-view.ts';
import { pathAndQuery, urlOf, withJsonBody } from './rule-json.ts';

/** A page of the mock's listing: its items and cursor, or undefined when the answer is no listing (an error). */
type MockPage = { answer: ProxyResponse; data: View[]; nextCursor: string | null };

const isListingRequest = (request: ProxyRequest) => request.method === 'GET' && request.url.startsWith('/api/v1/');

/**
 * Sends `url`'s query to the mock on the request's own path, as the client wrote it (URL parsing would resolve its
 * dot segments and backslashes, which the server behind must see), and reads its listing.
 */
async function mockPage(request: ProxyRequest, forward: Forward, url: URL): Promise<MockPage | ProxyResponse> {
  const answer = await forward({ ...request, url: `${request.url.split('?')[0]}${url.search}` });
  const page = listingOf(answer);
  return page ? { answer, data: page.data, nextCursor: page.nextCursor } : answer;
}

/** The client's URL with some parameters taken out and others set. */
function rewritten(request: ProxyRequest, drop: string[], set: Record<string, string | undefined> = {}): URL {
  const url = urlOf(request);
  for (const name of drop) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(set)) if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/** A rule that answers every listing page with `render`, after `translate` turned the client's URL into the mock's. */
function reshaping(
  translate: (request: ProxyRequest) => URL,
  render: (page: MockPage, request: ProxyRequest) => ProxyResponse,
  read: (request: ProxyRequest, forward: Forward, url: URL) => Promise<MockPage | ProxyResponse> = mockPage,
): Rule {
  return async (request, forward) => {
    if (!isListingRequest(request)) return forward(request);
    const page = await read(request, forward, translate(request));
    return 'data' in page ? render(page, request) : page;
  };
}

/** The origin the client called (the proxy's), for absolute URLs in answers. */
const originOf = (request: ProxyRequest) => `http://${request.headers.host}`;

/** (a) GitHub style: a bare array, `limit` honoured, the next page as `Link: <absolute URL>; rel="next"`. */
export const linkHeaderPaging: Rule = reshaping(
  (request) => urlOf(request),
  (page, request) => {
    const answer = withJsonBody(page.answer, page.data);
    if (page.nextCursor === null)
      return { ...answer, headers: { ...answer.headers, link: `<${originOf(request)}${request.url}>; rel="first"` } };
    const next = rewritten(request, [], { cursor: page.nextCursor });
    return { ...answer, headers: { ...answer.headers, link: `<${originOf(request)}${pathAndQuery(next)}>; rel="next"` } };
  },
);

/** (b) Page numbers: `?page=N` (from 1) in pages of `size` whatever `limit` says, `{items, page, per_page, has_more}`. */
export function pageNumberPaging(size = 3): Rule {
  const pageOf = (request: ProxyRequest) => Math.max(1, Number(urlOf(request).searchParams.get('page')) || 1);
  // Page N is the mock's N-th page of `size`: its cursors walked from the first.
  const walk = async (request: ProxyRequest, forward: Forward, url: URL): Promise<MockPage | ProxyResponse> => {
    let page = await mockPage(request, forward, url);
    for (let n = 1; n < pageOf(request) && 'data' in page; n++) {
      if (page.nextCursor === null) return { ...page, data: [] };
      url.searchParams.set('cursor', page.nextCursor);
      page = await mockPage(request, forward, url);
    }
    return page;
  };
  return reshaping(
    (request) => rewritten(request, ['page', 'limit', 'cursor'], { limit: String(size) }),
    (page, request) =>
      withJsonBody(page.answer, { items: page.data, page: pageOf(request), per_page: size, has_more: page.nextCursor !== null }),
    walk,
  );
}

/** (c) `{"data": [...], "meta": {count, next_token}}`; the token goes back as `?page_token=` (a `cursor` is not read). */
export const dataMetaEnvelope: Rule = reshaping(
  (request) => rewritten(request, ['cursor', 'page_token'], { cursor: urlOf(request).searchParams.get('page_token') ?? undefined }),
  (page) => withJsonBody(page.answer, { data: page.data, meta: { count: page.data.length, next_token: page.nextCursor } }),
);

/** (d) One bare array of the whole listing, whatever `limit` asks (read from the mock in pages of the asked size). */
export const bareArrayOnePage: Rule = reshaping(
  (request) => rewritten(request, ['cursor']),
  (page) => withJsonBody(page.answer, page.data),
  async (request, forward, url) => {
    const first = await mockPage(request, forward, url);
    if (!('data' in first)) return first;
    const data = [...first.data];
    for (let cursor = first.nextCursor, pages = 0; cursor !== null && pages < 10_000; pages++) {
      url.searchParams.set('cursor', cursor);
      const next = await mockPage(request, forward, url);
      if (!('data' in next)) return next;
      data.push(...next.data);
      cursor = next.nextCursor;
    }
    return { ...first, data, nextCursor: null };
  },
);

/** (e) Django REST framework style: `{"next": <absolute URL> | null, "previous": null, "results": [...]}`, the URL carrying `after`. */
export const resultsNextUrl: Rule = reshaping(
  (request) => rewritten(request, ['cursor', 'after'], { cursor: urlOf(request).searchParams.get('after') ?? undefined }),
  (page, request) => {
    const next =
      page.nextCursor === null ? null : `${originOf(request)}${pathAndQuery(rewritten(request, [], { after: page.nextCursor }))}`;
    return withJsonBody(page.answer, { next, previous: null, results: page.data });
  },
);

/** A server that pages with `limit` and gives no continuation at all: a full page does not say whether more follow. */
export const noContinuation: Rule = reshaping(
  (request) => urlOf(request),
  (page) => withJsonBody(page.answer, { data: page.data }),
);

/** (f) Newline-delimited JSON (`application/x-ndjson`): one item a line, the next page's token in `X-Next-Cursor`. */
export const ndjsonListing: Rule = reshaping(
  (request) => urlOf(request),
  (page) => ({
    status: page.answer.status,
    headers: {
      ...page.answer.headers,
      'content-type': 'application/x-ndjson',
      ...(page.nextCursor === null ? {} : { 'x-next-cursor': page.nextCursor }),
    },
    body: Buffer.from(page.data.map((item) => `${JSON.stringify(item)}\n`).join('')),
  }),
);
