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

function substringMatch(file: FileRecord, needle: string, caseSensitive: boolean): boolean {
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase());
  if (fold(file.path).includes(needle)) return true;
  if (file.description !== null && fold(file.description).includes(needle)) return true;
  return file.tags.some((t) => t.includes(needle));
}

export function listFiles(ctx: HandlerContext): MockResponse {
  const { params, bucket, env } = ctx;
  const faults = env.faults;
  // The planted listing faults drop one filter each.
  const prefix = faults.on('prefix-filter-ignored') ? '' : ((params.prefix as string | undefined) ?? '');
  const tag = faults.on('tag-filter-ignored') ? undefined : (params.tag as string | undefined);
  const search = params.search as string | undefined;
  const limit = params.limit as number;
  if (params.semantic !== undefined && faults.on('semantic-flag-refused')) {
    return badRequest('semantic must be true.', [{ location: 'query', field: 'semantic', message: 'must be true' }]);
  }
  if (params.semantic !== undefined && search === undefined && !faults.on('semantic-without-search-accepted')) {
    return badRequest('semantic=1 ranks by relevance to search; add a search term.', [
      { location: 'query', field: 'semantic', message: 'needs search' },
    ]);
  }
  const cursor = faults.on('cursor-ignored') ? undefined : readCursor(params);
  if (cursor === null) return invalidCursor();
  if (faults.on('listing-spans-buckets') && prefix) {
    const everywhere = (ctx.store.bucketsOf.get(ctx.workspace.id) ?? []).filter((b) => ctx.reaches(b.bucket.id, 'route'));
    const found = everywhere
      .flatMap((b) => b.files.sorted.page(prefix, undefined, limit).files)
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .slice(0, limit);
    return jsonResponse(
      200,
      envelope(
        found.map((f) => fileJson(f, faults)),
        null,
      ),
    );
  }
  if (faults.on('filters-combined-with-or') && prefix && tag !== undefined) {
    const either = bucket.files.sorted.page(
      '',
      cursor && 'after' in cursor ? cursor.after : undefined,
      limit,
      (f) => f.path.startsWith(prefix) || f.tags.includes(tag),
    );
    return jsonResponse(
      200,
      envelope(
        either.files.map((f) => fileJson(f, faults)),
        either.more && either.files.length ? encodeCursor({ after: either.files[either.files.length - 1].path }) : null,
      ),
    );
  }
  const source = tag === undefined ? bucket.files.sorted : (bucket.files.byTag.get(tag) ?? EMPTY);

  if (params.semantic !== undefined) {
    if (cursor && !('offset' in cursor)) return invalidCursor();
    const offset = cursor ? cursor.offset : 0;
    const candidates = source.page(prefix, undefined, Number.MAX_SAFE_INTEGER).files;
    const ranked = rankFiles(candidates, queryWords(search ?? ''));
    if (faults.on('semantic-unranked')) {
      const inPathOrder = ranked
        .map((r) => r.file)
        .sort((a, b) => (a.path < b.path ? -1 : 1))
        .slice(offset, offset + limit);
      return jsonResponse(
        200,
        envelope(
          inPathOrder.map((f) => fileJson(f, faults)),
          null,
        ),
      );
    }
    const page = ranked.slice(offset, offset + limit);
    const next = offset + limit < ranked.length ? encodeCursor({ offset: offset + limit }) : null;
    return jsonResponse(
      200,
      envelope(
        page.map((r) => fileJson(r.file, faults, r.score)),
        next,
      ),
    );
  }

  if (cursor && !('after' in cursor)) return invalidCursor();
  // The planted fault compares case-sensitively.
  const needle = faults.on('search-case-sensitive') ? search : search?.toLowerCase();
  const { files, more } = source.page(
    prefix,
    cursor?.after,
    limit,
    needle === undefined ? undefined : (f) => substringMatch(f, needle, faults.on('search-case-sensitive')),
  );
  const next = more && files.length > 0 ? encodeCursor({ after: files[files.length - 1].path }) : null;
  return jsonResponse(
    200,
    envelope(
      files.map((f) => fileJson(f, faults)),
      next,
    ),
  );
}
