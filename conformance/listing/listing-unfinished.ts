// A conclusion about a whole listing ("the file is not listed", "only these
// paths are listed") that rests on pages the suite could not reach: the seed
// states no paging, so a listing read only in part gives no verdict either
// way, and the check is reported not run with why, never failed.
import { HarnessError } from '../http/api-client.ts';
import type { ListingEnd } from './listing-reader.ts';

/** Thrown where a check's verdict needs the whole listing and the read was unfinished. */
export class ListingUnfinished extends HarnessError {
  constructor(
    /** What could not be told, e.g. "whether x.txt is listed". */
    readonly question: string,
    readonly why: string,
  ) {
    super(`${question} cannot be told: the listing could not be read to its end (${why})`);
  }
}

/** Throws ListingUnfinished when the read did not reach the listing's end; `question` says what rested on it. */
export function requireWhole(listing: { end: ListingEnd }, question: string): void {
  if (listing.end.kind === 'unfinished') throw new ListingUnfinished(question, listing.end.why);
}

/** The pass note of a check that found nothing wrong on the pages it could read, when there were more. */
export function unreadNote(listing: { end: ListingEnd }): string | undefined {
  return listing.end.kind === 'unfinished' ? `later pages not read: ${listing.end.why}` : undefined;
}
