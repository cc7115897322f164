// Cursor paging for the simple listings (offset cursors) and the shared
// `{ data, nextCursor }` envelope, written without re-serialising cached items.
import type { MockResponse } from '../core/types.ts';
import { badRequest, jsonResponse } from '../core/problems.ts';
import { decodeCursor, encodeCursor, type Cursor } from '../core/cursor.ts';

export const invalidCursor = (): MockResponse =>
  badRequest('The cursor is not one this server issued; pass nextCursor from the previous page unchanged.', [
    { location: 'query', field: 'cursor', message: 'is not a valid cursor' },
  ]);

/** Reads the `cursor` query value; undefined when absent, null when invalid. */
export function readCursor(params: Record<string, unknown>): Cursor | undefined | null {
  if (typeof params.cursor !== 'string') return undefined;
  return decodeCursor(params.cursor) ?? null;
}

/** One page of an in-memory list with an offset cursor. */
export function offsetPage<T>(items: readonly T[], params: Record<string, unknown>): { data: T[]; nextCursor: string | null } | null {
  const cursor = readCursor(params);
  if (cursor === null || (cursor && !('offset' in cursor))) return null;
  const offset = cursor ? cursor.offset : 0;
  const limit = params.limit as number;
  const data = items.slice(offset, offset + limit);
  return { data, nextCursor: offset + limit < items.length ? encodeCursor({ offset: offset + limit }) : null };
}

/** A 200 list response for an offset-paged list, or 400 for a bad cursor. */
export function listResponse<T>(items: readonly T[], params: Record<string, unknown>, extra: Record<string, unknown> = {}): MockResponse {
  const page = offsetPage(items, params);
  return page ? jsonResponse(200, { ...page, ...extra }) : invalidCursor();
}

/** The envelope from items already serialised as JSON strings. */
export function envelope(itemsJson: string[], nextCursor: string | null): string {
  return `{"data":[${itemsJson.join(',')}],"nextCursor":${nextCursor === null ? 'null' : JSON.stringify(nextCursor)}}`;
}
