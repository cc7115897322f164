// Asks for a listing's next page when the answer gives a cursor, token, page
// number or offset but not the query parameter that takes it back. The
// parameter the operation is known to read goes first; any other is tried
// beside the first request sent again, at once: a parameter the deployment
// ignores answers that first page (whatever was written since the read began),
// and one it reads answers another page. The one that moved on is remembered;
// the known one is tried again against the others when its page repeats.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { ListingClient } from './listing-client.ts';
import type { Move } from './next-page.ts';
import type { ShapeBook } from './shape-book.ts';
import { itemsText } from './listing-items.ts';

/** What moving on needs from the read: its first request, the pages' items, and what it has already asked for. */
export interface MoveContext {
  api: Pick<ListingClient, 'send'>;
  first: ApiRequest;
  operation: string;
  book: ShapeBook;
  /** Query moves already sent in this read (a repeat is a loop). */
  seen: Set<string>;
  /** The raw items of an answer, as the read finds them. */
  itemsOf(ex: Exchange): unknown[];
}

const same = (a: unknown[], b: unknown[]) => itemsText(a) !== undefined && itemsText(a) === itemsText(b);

/** The next page by one of `moves`, or a sentence saying why none moved on; `raw` is the current page's items. */
export async function moveOn(context: MoveContext, moves: Move[], via: string, raw: unknown[]): Promise<Exchange | string> {
  const { api, first, operation, book, seen, itemsOf } = context;
  const learned = book.paramOf(operation);
  const ordered = [...moves].sort((a, b) => Number(b.param === learned) - Number(a.param === learned));
  const repeats = (ex: Exchange) => raw.length > 0 && isSuccess(ex.status) && same(itemsOf(ex), raw);
  // The known parameter's page when it repeats the current one: items shifted by a write, or a parameter learned wrong.
  let shifted: Exchange | undefined;
  for (const move of ordered) {
    const key = `${move.param}=${move.value}`;
    if (seen.has(key)) return `${via} led back to a page already read (?${key})`;
    const request = { ...first, query: { ...first.query, [move.param]: move.value } };
    if (move.param === learned) {
      const ex = await api.send(request);
      // A page not served is the caller's to judge.
      if (!repeats(ex)) {
        seen.add(key);
        book.followed(operation, via, move.param);
        return ex;
      }
      shifted = ex;
      continue;
    }
    const [ex, again] = await Promise.all([api.send(request), api.send(first)]);
    if (!isSuccess(ex.status) || repeats(ex)) continue;
    const items = itemsOf(ex);
    const shown = isSuccess(again.status) ? itemsOf(again) : [];
    if ((items.length > 0 || shown.length > 0) && same(items, shown)) continue;
    seen.add(key);
    // Two empty pages cannot show that a parameter moved on: it is learned from pages with items only.
    book.followed(operation, via, move.param, items.length > 0 || shown.length > 0);
    return ex;
  }
  // No other parameter moved on: the known one's repeat goes to the caller, which allows one repeat in a row.
  if (shifted) {
    seen.add(`${learned}=${ordered[0].value}`);
    return shifted;
  }
  return `the answer has ${via}, but none of ${ordered.map((m) => `?${m.param}=`).join(', ')} led to another page`;
}
