// Pages a listing: the page size (default, cap, and 0 for "everything"), the
// position (an opaque cursor kept on the server, or a page number), the items
// of the page and the next position; the shape then writes it. A cursor is
// resumed in the bucket the `cursorBucket` part allows.
import { badRequest } from '../answers.ts';
import { randomText } from '../ids.ts';
import type { Env } from '../parts.ts';
import type { Answer, Call } from '../types.ts';

export interface ListingOptions<T> {
  /** The records of the listing in the bucket (or workspace) given, in their order. */
  source(bucketId: string): T[];
  view(record: T): unknown;
  /** Items sorted by rank rather than insertion: positions are offsets. */
  ranked?: boolean;
  extra?: Record<string, unknown>;
}

type Sequenced = { seq: number };

function pageSize(raw: string | null, env: Env): number | Answer {
  if (raw === null) return env.paging.pageSize;
  if (!/^\d{1,9}$/.test(raw)) return badRequest(`The page size "${raw.slice(0, 40)}" is not a whole number.`);
  const size = Number(raw);
  // 0 asks for everything, a convention many internal APIs keep; larger sizes are capped, not refused.
  return size === 0 ? Number.MAX_SAFE_INTEGER : Math.min(size, env.paging.maxPageSize);
}

/** Answers a listing of the call's scope (a bucket, or `scopeId` for workspace-wide lists). */
export function answerListing<T extends Sequenced>(call: Call, env: Env, scopeId: string, options: ListingOptions<T>): Answer {
  const shape = env.shape;
  const query = call.request.query;
  const size = pageSize(query.get(shape.sizeParam), env);
  if (typeof size !== 'number') return size;
  const position = query.get(shape.positionParam);
  let from = 0;
  let listedIn = scopeId;
  if (position !== null && shape.paging === 'page') {
    if (!/^[1-9]\d{0,8}$/.test(position)) return badRequest(`The page "${position.slice(0, 40)}" is not a page number.`);
    from = (Number(position) - 1) * size;
  }
  let afterSeq: number | undefined;
  if (position !== null && shape.paging === 'cursor') {
    const state = env.world.cursors.get(position);
    const bucket = state && env.parts.cursorBucket(state, call, scopeId);
    if (!state || bucket === undefined) return badRequest('The cursor is not one this listing handed out.');
    listedIn = bucket;
    if (options.ranked) from = state.after;
    else afterSeq = state.after;
  }
  const all = options.source(listedIn);
  if (afterSeq !== undefined) {
    const next = all.findIndex((r) => r.seq > afterSeq!);
    from = next === -1 ? all.length : next;
  }
  const shown = all.slice(from, from + size);
  const more = from + size < all.length;
  let nextCursor: string | null = null;
  let nextPosition: string | null = null;
  if (more && shape.paging === 'cursor') {
    nextCursor = randomText(24);
    const after = options.ranked ? from + size : shown[shown.length - 1].seq;
    env.world.cursors.set(nextCursor, { operationId: call.operationId, bucketId: listedIn, after });
    nextPosition = nextCursor;
  }
  const page = Math.floor(from / size) + 1;
  if (more && shape.paging === 'page') nextPosition = String(page + 1);
  let nextUrl: string | null = null;
  if (nextPosition !== null) {
    const next = new URLSearchParams(query);
    next.set(shape.positionParam, nextPosition);
    nextUrl = `${call.request.origin}${call.request.path}?${next}`;
  }
  return shape.format({
    data: shown.map(options.view),
    nextCursor,
    nextUrl,
    page,
    totalPages: Math.max(1, Math.ceil(all.length / size)),
    total: all.length,
    extra: options.extra ?? {},
  });
}
