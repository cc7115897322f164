// Confirms where a file is after a purge that did not say it purged it: still in
// the trash, still listed, or gone. A purge answered 404 only counts as "already
// gone" when these read-backs show it, read whole in whatever shape the
// deployment lists (a listing read only in part cannot show a file gone).
import type { ResolvedKey } from '../config/config-types.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';
import { routeById, type OperationId } from '../client/request-builder.ts';
import { readListing } from '../listing/listing-reader.ts';
import type { ShapeBook } from '../listing/shape-book.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';

/** Where a file was found: `unknown` when no key or no answer could tell (with why). */
export type Whereabouts = { at: 'trash' } | { at: 'listed' } | { at: 'gone' } | { at: 'unknown'; why: string };

export interface ReadBackTarget {
  workspaceId: string;
  keys: ResolvedKey[];
  send(request: ApiRequest): Promise<Exchange>;
  /** The listing shapes the run learned (a --cleanup learns its own). */
  listingShapes?: ShapeBook;
}

/** Every item of a GET listing (any shape, bounded pages), or why it could not be read whole. */
async function readAll(target: ReadBackTarget, request: ApiRequest): Promise<Record<string, unknown>[] | string> {
  const { items, end } = await readListing(target, request);
  if (end.kind === 'refused') return `${request.method} ${request.path} answered ${end.status}`;
  if (end.kind === 'unfinished') return `${request.method} ${request.path} could not be read to its end: ${end.why}`;
  return items;
}

/** A GET of the bucket with a key holding the route's scope, or why there is none. */
function readRequest(target: ReadBackTarget, operationId: OperationId, bucketId: string): ApiRequest | string {
  const route = routeById(operationId);
  const key = pickHarnessKey(target.keys, [route.scope], bucketId);
  if (!key)
    return `no key holding ${route.scope} for ${bucketId} to read the ${operationId === 'getTrash' ? 'trash' : 'file listing'} back`;
  return { method: route.method, path: fillPath(route.pathTemplate, { workspaceId: target.workspaceId, bucketId }), auth: { key } };
}

/** Where each file of the bucket is now: in the trash listing, in the file listing (by its path), or in neither. */
export async function whereabouts(
  target: ReadBackTarget,
  bucketId: string,
  files: { id: string; path: string }[],
): Promise<Map<string, Whereabouts>> {
  const found = new Map<string, Whereabouts>();
  const trashRead = readRequest(target, 'getTrash', bucketId);
  const trash = typeof trashRead === 'string' ? trashRead : await readAll(target, trashRead);
  // A server may send ids as JSON numbers: they are compared as the digits the ledger holds.
  const inTrash = new Set(typeof trash === 'string' ? [] : trash.map((item) => String(item.fileId ?? item.id)));
  const listRead = readRequest(target, 'listFiles', bucketId);
  for (const file of files) {
    if (inTrash.has(file.id)) found.set(file.id, { at: 'trash' });
    else if (typeof trash === 'string') found.set(file.id, { at: 'unknown', why: trash });
    else if (typeof listRead === 'string') found.set(file.id, { at: 'unknown', why: listRead });
    else {
      const listed = await readAll(target, { ...listRead, query: { prefix: file.path } });
      if (typeof listed === 'string') found.set(file.id, { at: 'unknown', why: listed });
      else found.set(file.id, { at: listed.some((item) => String(item.id) === file.id) ? 'listed' : 'gone' });
    }
  }
  return found;
}
