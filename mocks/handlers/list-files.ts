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
import { queryWords, rankFiles } from './semantic-ranking.ts';

const EMPTY = new SortedFiles();

/** Case-insensitive substring of the path, description or a tag (G24); `needle` is lower-case. */
function mentions(file: FileRecord, needle: string): boolean {
  if (file.path.toLowerCase().includes(needle)) return true;
  if (file.description !== null && file.description.toLowerCase().includes(needle)) return true;
  return file.tags.some((t) => t.includes(needle));
}

export function listFiles(ctx: HandlerContext<'listFiles'>): MockResponse {
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
    const ranked = rankFiles(source.page(prefix, undefined, Number.MAX_SAFE_INTEGER).files, queryWords(search ?? ''));
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
  const { files, more } = source.page(prefix, cursor?.after, limit, needle === undefined ? undefined : (f) => mentions(f, needle));
  const next = more && files.length > 0 ? encodeCursor({ after: files[files.length - 1].path }) : null;
  return jsonResponse(
    200,
    envelope(
      files.map((f) => fileJson(f)),
      next,
    ),
  );
}
