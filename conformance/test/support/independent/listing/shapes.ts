// How a listing is paged and shaped on the wire: the contract's cursor
// envelope, or one of the shapes production APIs use instead (a Link header
// over a bare array, page numbers, a `data`/`meta` envelope with the cursor in
// `meta`, a `results`/`next` URL envelope). Each names its own query
// parameters; the listing module does the paging.
import type { Answer } from '../types.ts';

export const LISTING_SHAPES = ['cursor', 'link-header', 'page-number', 'envelope-data', 'results-next-url'] as const;
export type ListingShapeName = (typeof LISTING_SHAPES)[number];

/** One page as the listing module hands it to a shape. */
export interface PageOut {
  data: unknown[];
  /** The cursor of the next page (cursor shapes), or null on the last page. */
  nextCursor: string | null;
  /** The next page's URL, or null on the last page. */
  nextUrl: string | null;
  page: number;
  totalPages: number;
  total: number;
  /** Listing-wide fields (the trash's `retentionDays`). */
  extra: Record<string, unknown>;
}

export interface ListingShape {
  name: ListingShapeName;
  /** The query parameter of the page size. */
  sizeParam: string;
  /** Cursor shapes: the query parameter carrying the cursor; page shapes: the page number's. */
  positionParam: string;
  paging: 'cursor' | 'page';
  format(page: PageOut): Answer;
}

/** The body of a Link-header listing: a bare array, or an `{ items }` object. */
export type LinkBody = 'array' | 'items';

/** The shape of the given name. */
export function listingShape(name: ListingShapeName, linkBody: LinkBody = 'array'): ListingShape {
  switch (name) {
    case 'cursor':
      return {
        name,
        sizeParam: 'limit',
        positionParam: 'cursor',
        paging: 'cursor',
        format: (p) => ({ status: 200, json: { data: p.data, nextCursor: p.nextCursor, ...p.extra } }),
      };
    case 'envelope-data':
      return {
        name,
        sizeParam: 'limit',
        positionParam: 'cursor',
        paging: 'cursor',
        format: (p) => ({
          status: 200,
          json: { data: p.data, meta: { next_cursor: p.nextCursor, has_more: p.nextCursor !== null, ...p.extra } },
        }),
      };
    case 'link-header':
      return {
        name,
        sizeParam: 'per_page',
        positionParam: 'after',
        paging: 'cursor',
        format: (p) => ({
          status: 200,
          json: linkBody === 'array' ? p.data : { items: p.data },
          headers: p.nextUrl ? { Link: `<${p.nextUrl}>; rel="next"` } : undefined,
        }),
      };
    case 'results-next-url':
      return {
        name,
        sizeParam: 'page_size',
        positionParam: 'cursor',
        paging: 'cursor',
        format: (p) => ({ status: 200, json: { count: p.total, next: p.nextUrl, previous: null, results: p.data, ...p.extra } }),
      };
    case 'page-number':
      return {
        name,
        sizeParam: 'per_page',
        positionParam: 'page',
        paging: 'page',
        format: (p) => ({
          status: 200,
          json: { data: p.data, meta: { page: p.page, totalPages: p.totalPages, total: p.total, ...p.extra } },
        }),
      };
  }
}
