// Reads every page of a listing of the independent server the way its shape
// says (cursor, Link header, page numbers, `meta` cursor, `next` URL): for
// tests of the server's listing shapes, not for the suite.
import type { ListingShapeName } from './listing/shapes.ts';
import { probe } from './probe-client.ts';
import type { IndependentServer } from './start-independent-server.ts';

/** The items of every page, page by page (at most 100 pages), read with the full key. */
export async function walkListing(server: IndependentServer, shape: ListingShapeName, path: string): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  let next: string | undefined = `${server.baseUrl}${path}`;
  for (let page = 1; next && pages.length < 100; page++) {
    const answer = await probe(server, 'GET', next, { key: 'full' });
    if (answer.status !== 200) throw new Error(`${next} answered ${answer.status}`);
    const body = answer.json;
    const sep = path.includes('?') ? '&' : '?';
    const base = `${server.baseUrl}${path}${sep}`;
    if (shape === 'cursor') {
      pages.push(body.data);
      next = body.nextCursor ? `${base}cursor=${encodeURIComponent(body.nextCursor)}` : undefined;
    } else if (shape === 'envelope-data') {
      pages.push(body.data);
      next = body.meta.next_cursor ? `${base}cursor=${encodeURIComponent(body.meta.next_cursor)}` : undefined;
    } else if (shape === 'link-header') {
      pages.push(Array.isArray(body) ? body : body.items);
      next = /<([^>]+)>;\s*rel="next"/.exec(answer.headers.get('link') ?? '')?.[1];
    } else if (shape === 'results-next-url') {
      pages.push(body.results);
      next = body.next ?? undefined;
    } else {
      pages.push(body.data);
      next = page < body.meta.totalPages ? `${base}page=${page + 1}` : undefined;
    }
  }
  return pages;
}
