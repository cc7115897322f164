// How the books' foreign-file cases read a file of the other bucket back in
// its own bucket (still listed; shown in a listing such as the trash), and the
// markers a leak of that file would carry.
import { fileAt, readPages } from '../client/read-back.ts';
import { routeById, routePath, type OperationId } from '../client/request-builder.ts';
import { requireWhole } from '../listing/listing-unfinished.ts';
import { shownMarker, type Marker } from '../oracles/markers.ts';
import { resourceOfRoute } from '../oracles/id-places.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { ForeignFile } from './operation-book.ts';

/** The id suffix and title words of the plain case: a call naming a file of another bucket. */
export const NAMING = { slug: 'foreign-file', what: 'naming a file of another bucket' };

/** Whether the file is still listed in its own bucket. */
export const stillListed = async (ctx: CheckRun, f: ForeignFile): Promise<boolean> =>
  (await fileAt(ctx, 'other', f.file.path)) !== undefined;

/** Whether a listing of the other bucket (every page) shows a marker, read with a harness key; throws ListingUnfinished when it cannot tell. */
export async function otherListingShows(ctx: CheckRun, operationId: OperationId, marker: Marker): Promise<boolean> {
  const route = routeById(operationId);
  const request = { method: 'GET', path: routePath(route, ctx.settings, 'other'), auth: { key: ctx.harnessKey([route.scope], 'other') } };
  const listing = await readPages(ctx.api, request, { operationId, until: () => false });
  if (listing.pages.some((page) => shownMarker([marker], page.text, undefined, resourceOfRoute(operationId)))) return true;
  requireWhole(listing, `whether ${operationId} of bucket ${ctx.settings.buckets.other} shows ${marker.what}`);
  return false;
}

/** A file id as a marker. */
export const idMarker = (id: string): Marker => ({ value: String(id), what: `file ${id}`, kind: 'value', resource: 'File' });
/** A word of the test file (in its path or description) as a marker. */
export const wordMarker = (word: string): Marker => ({ value: word, what: `the marker ${word}`, kind: 'word' });

/** Whether the other bucket's trash names the file (by id or by its marker). */
export const inOtherTrash = async (ctx: CheckRun, f: ForeignFile): Promise<boolean> =>
  (await otherListingShows(ctx, 'getTrash', idMarker(f.file.id))) || (await otherListingShows(ctx, 'getTrash', wordMarker(f.marker)));
