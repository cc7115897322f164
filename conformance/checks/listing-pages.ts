// Reads a filtered file listing in small pages and judges every page: a filter
// honoured on the first page only is a broken filter. Resting on no paging
// choice: pages are followed in whatever shape the deployment pages; one that
// refuses `limit` or ignores it is judged on what it gives, and the pass says
// that later pages were not proven; a file missing from a listing the suite
// could not read to its end gives no verdict (the check is not run).
import type { CheckRun } from '../plan/check-run.ts';
import type { Exchange } from '../http/api-client.ts';
import { HarnessError } from '../http/api-client.ts';
import type { ListingEnd } from '../listing/listing-reader.ts';
import { requireWhole, unreadNote } from '../listing/listing-unfinished.ts';
import { expectServed, fail } from '../client/assert.ts';
import { listFiles, type ListedFile } from '../client/read-back.ts';

/** The page size asked for: small enough that the listing files span several pages. */
export const SMALL_PAGE = 2;

/** A listing read page by page: each page with its files, and what could not be proven. */
export interface PagedListing {
  pages: { ex: Exchange; files: ListedFile[] }[];
  /** How the read ended (unfinished: more may follow that the suite could not reach). */
  end: ListingEnd;
  /** Said in the pass note, e.g. that the deployment ignored `limit`. */
  note?: string;
}

/** The first page with `limit` was refused: the listing is read again without it. */
class LimitRefused extends HarnessError {
  constructor(readonly status: number) {
    super(`limit=${SMALL_PAGE} answered ${status}`);
  }
}

/**
 * Lists the allowed bucket with `query` in pages of SMALL_PAGE, following whatever continuation each answer carries,
 * every page 2xx. Reading stops at the first page holding a file `stray` flags: a filter dropped after the first page
 * would otherwise lead through the rest of the bucket.
 */
export async function listInSmallPages(
  ctx: CheckRun,
  query: Record<string, string>,
  stray: (file: ListedFile) => boolean,
): Promise<PagedListing> {
  const what = `a 2xx answer to ?${new URLSearchParams(query)}`;
  const key = ctx.keys.reader[0];
  const read = (q: Record<string, string>, verify: (ex: Exchange) => void) =>
    listFiles(ctx.api, ctx.settings, key, 'allowed', q, { verify, until: (files) => files.some(stray) });
  const paged = (listing: Awaited<ReturnType<typeof read>>) => listing.pages.map((ex, i) => ({ ex, files: listing.pageItems[i] }));
  let first = true;
  try {
    const listing = await read({ ...query, limit: String(SMALL_PAGE) }, (ex) => {
      // The seed says nothing of paging: a refused `limit` is asked again without it.
      if (first && ex.status >= 400 && ex.status < 500) throw new LimitRefused(ex.status);
      first = false;
      expectServed(ex, `${what}&limit=${SMALL_PAGE}`);
    });
    const onePage = listing.pages.length === 1 && listing.items.length > SMALL_PAGE;
    return {
      pages: paged(listing),
      end: listing.end,
      note: onePage ? `the deployment ignored limit=${SMALL_PAGE} and answered on one page: later pages not proven` : undefined,
    };
  } catch (error) {
    if (!(error instanceof LimitRefused)) throw error;
    const listing = await read(query, (ex) => expectServed(ex, what));
    return {
      pages: paged(listing),
      end: listing.end,
      note: `the deployment refused limit=${SMALL_PAGE} (${error.status}): later pages not proven`,
    };
  }
}

/**
 * Fails unless the pages together list exactly the expected paths (each at least once; repeats are a paging
 * matter): a stray file is named with the page that lists it. A path missing from a listing the suite could not read
 * to its end is no failure: it throws ListingUnfinished (the check is not run, with why).
 */
export function expectListed(listing: PagedListing, expected: readonly string[], what: string): void {
  const want = new Set(expected);
  const { pages } = listing;
  for (const [index, page] of pages.entries()) {
    const stray = page.files.map((f) => f.path).filter((p) => !want.has(p));
    if (stray.length)
      fail(
        `${what}: ${[...want].join(', ') || 'nothing'}`,
        page.ex,
        `page ${index + 1} of ${pages.length} lists ${stray.slice(0, 4).join(', ')}${stray.length > 4 ? ` and ${stray.length - 4} more` : ''}`,
      );
  }
  const got = new Set(pages.flatMap((p) => p.files.map((f) => f.path)));
  const missing = [...want].filter((p) => !got.has(p));
  const named = `${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ` and ${missing.length - 4} more` : ''}`;
  if (missing.length) requireWhole(listing, `whether ${named} ${missing.length > 1 ? 'are' : 'is'} listed`);
  if (missing.length) fail(`${what}: ${[...want].join(', ')}`, pages.at(-1)?.ex, `${pages.length} page(s) without ${named}`);
}

/** The distinct notes of several listings, joined for a pass note. */
export function notesOf(listings: PagedListing[]): string | undefined {
  const notes = [...new Set(listings.flatMap((l) => [l.note, unreadNote(l)].filter((n): n is string => n !== undefined)))];
  return notes.length ? notes.join('; ') : undefined;
}
