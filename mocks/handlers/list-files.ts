// GET .../files: prefix, tag, search and semantic=1 combined with AND (G17,
// G24), paged by cursor. Prefix and tag use the bucket's sorted indexes, so a
// page costs O(log n + page) at any bucket size.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { FileRecord } from '../world/world-types.ts';
import { badRequest, jsonResponse } from '../core/problems.ts';
import { encodeCursor } from '../core/cursor.ts';
import { envelope, invalidCursor, readCursor } from './paging.ts';
import { fileJson } from '../store/file-json.ts';
import { SortedFiles } from '../store/sorted-files.ts';
import { queryWords, rankFiles, SLICE_MS } from './semantic-ranking.ts';
import { pauseForEventLoop } from '../store/prepare-store.ts';

const EMPTY = new SortedFiles();

/** Case-insensitive substring of the path, description or a tag (G24); `needle` is lower-case. */
function mentions(file: FileRecord, needle: string): boolean {
  if (file.path.toLowerCase().includes(needle)) return true;
  if (file.description !== null && file.description.toLowerCase().includes(needle)) return true;
  return file.tags.some((t) => t.includes(needle));
}

/**
 * One page of files mentioning `needle`, scanned in slices: a search that matches little reads the whole
 * bucket, which must not stall other clients. It scans a copy of the range, as other requests may change the
 * bucket between slices.
 */
async function searchPage(source: SortedFiles, prefix: string, after: string | undefined, limit: number, needle: string) {
  let start = source.lowerBound(prefix);
  if (after !== undefined && after >= prefix) start = Math.max(start, source.upperBound(after));
  const range = source.items.slice(start);
  const files: FileRecord[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < range.length; i++) {
    if (i % 1024 === 0 && performance.now() - sliceStart > SLICE_MS) {
      await pauseForEventLoop();
      sliceStart = performance.now();
    }
    const file = range[i];
    if (!file.path.startsWith(prefix)) break;
    if (!mentions(file, needle)) continue;
    if (files.length === limit) return { files, more: true };
    files.push(file);
  }
  return { files, more: false };
}

export async function listFiles(ctx: HandlerContext<'listFiles'>): Promise<MockResponse> {
  const { params, bucket } = ctx;
  const prefix = (params.prefix as string | undefined) ?? '';
  const tag = params.tag as string | undefined;
  const search = params.search as string | undefined;
  const limit = params.limit as number;
  if (params.semantic !== undefined && search === undefined) {
    return badRequest('semantic=1 ranks by relevance to search; add a search term.', [
      { location: 'query', field: 'semantic', message: 'needs search' },
    ]);
  }
  const cursor = readCursor(params);
  if (cursor === null) return invalidCursor();
  const source = tag === undefined ? bucket.files.sorted : (bucket.files.byTag.get(tag) ?? EMPTY);

  if (params.semantic !== undefined) {
    if (cursor && !('offset' in cursor)) return invalidCursor();
    const offset = cursor ? cursor.offset : 0;
    const ranked = await rankFiles(source.page(prefix, undefined, Number.MAX_SAFE_INTEGER).files, queryWords(search ?? ''));
    const page = ranked.slice(offset, offset + limit);
    const next = offset + limit < ranked.length ? encodeCursor({ offset: offset + limit }) : null;
    return jsonResponse(
      200,
      envelope(
        page.map((r) => fileJson(r.file, r.score)),
        next,
      ),
    );
  }

  if (cursor && !('after' in cursor)) return invalidCursor();
  const needle = search?.toLowerCase();
  const { files, more } =
    needle === undefined ? source.page(prefix, cursor?.after, limit) : await searchPage(source, prefix, cursor?.after, limit, needle);
  const next = more && files.length > 0 ? encodeCursor({ after: files[files.length - 1].path }) : null;
  return jsonResponse(
    200,
    envelope(
      files.map((f) => fileJson(f)),
      next,
    ),
  );
}
