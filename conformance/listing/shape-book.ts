// What the run learned of each listing operation's shape: where its items are,
// how it pages (and which query parameter takes its cursor or page number),
// and how often a listing could not be read to its end. The reader consults it
// before guessing again; the summary reports it per route.
import type { ItemsPath } from './listing-items.ts';
import { pathLabel } from './listing-items.ts';

/** A listing route's shape as the summary reports it. */
export interface ListingShape {
  /** Where the items are: `data`, `data.items`, `(bare array)`. */
  items: string;
  /** How it pages: `next page URL in Link rel="next"`, `body meta.nextPageToken sent back as ?pageToken=`, or that every read fit on one page. */
  paging: string;
  /** Pages read. */
  pages: number;
  /** Listings that could not be read to their end, and the last reason why. */
  unfinished?: number;
  unfinishedWhy?: string;
}

interface Entry {
  items?: ItemsPath;
  /** The continuation that led to a page, and the parameter that carried it. */
  followed?: string;
  param?: string;
  ends?: string;
  pages: number;
  unfinished: number;
  unfinishedWhy?: string;
}

/** The shapes of one run's listings, by operation. */
export class ShapeBook {
  private readonly entries = new Map<string, Entry>();

  private entry(operation: string): Entry {
    let entry = this.entries.get(operation);
    if (!entry) this.entries.set(operation, (entry = { pages: 0, unfinished: 0 }));
    return entry;
  }

  /** Where the operation's items were found last (non-empty pages only teach it). */
  itemsOf(operation: string): ItemsPath | undefined {
    return this.entries.get(operation)?.items;
  }

  /** The query parameter that moved the operation's listing to its next page, once one did. */
  paramOf(operation: string): string | undefined {
    return this.entries.get(operation)?.param;
  }

  /** Records a page read: where its items were (when it had any). */
  page(operation: string, items: ItemsPath | undefined, count: number): void {
    const entry = this.entry(operation);
    entry.pages++;
    if (items && (count > 0 || !entry.items)) entry.items = items;
  }

  /** Records a continuation followed to another page (`via`), and the parameter that carried it (remembered when `learn`). */
  followed(operation: string, via: string, param?: string, learn = true): void {
    const entry = this.entry(operation);
    entry.followed ??= param ? `${via} sent back as ?${param}=` : `next page URL in ${via}`;
    if (param && learn) entry.param = param;
  }

  /** Records how a last page said it was the last. */
  ended(operation: string, via: string): void {
    this.entry(operation).ends ??= via;
  }

  /** Records a listing that could not be read to its end. */
  unfinished(operation: string, why: string): void {
    const entry = this.entry(operation);
    entry.unfinished++;
    entry.unfinishedWhy = why;
  }

  /** The shape of every operation read as a listing (items found, or a read unfinished), keyed by `label(operation)`, in the order first read. */
  shapes(label: (operation: string) => string = (op) => op): Record<string, ListingShape> {
    const listings = [...this.entries].filter(([, e]) => e.items !== undefined || e.unfinished > 0);
    return Object.fromEntries(
      listings.map(([operation, e]) => [
        label(operation),
        {
          items: e.items ? pathLabel(e.items) : 'none found',
          paging:
            e.followed ??
            (e.ends ? `every read fit on one page, its end marked by ${e.ends}` : 'every read fit on one page, with no paging field'),
          pages: e.pages,
          ...(e.unfinished ? { unfinished: e.unfinished, unfinishedWhy: e.unfinishedWhy } : {}),
        },
      ]),
    );
  }
}
