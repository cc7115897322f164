// Planted faults of GET .../files that read the prefix or tag filter wrongly:
// each bends exactly that filter (a substring, a case-blind match, a regular
// expression, the folder around it, the first page only) while paging and
// cursor checks stay as the contract has them.
import type { MockResponse } from '../core/types.ts';
import { badRequest } from '../core/problems.ts';
import { encodeCursor } from '../core/cursor.ts';
import { invalidCursor, readCursor } from '../handlers/paging.ts';
import { jsonOf, withJson, type FaultDefinition } from './plant.ts';
import { listing, without, type ListCtx, type Listing, type ListedFile } from './listing-wrap.ts';

/**
 * Lists without one filter, applies `keep` in its place, and pages the result itself with the mock's own cursors
 * (after a path; an offset with semantic=1): a filter written wrongly, every other rule of the listing intact.
 */
async function refilter(
  inner: Listing,
  ctx: ListCtx,
  name: string,
  keep: (file: ListedFile, value: string) => boolean,
): Promise<MockResponse> {
  const value = ctx.params[name] as string | undefined;
  if (value === undefined) return inner(ctx);
  const semantic = ctx.params.semantic !== undefined;
  const cursor = readCursor(ctx.params);
  if (cursor === null || (cursor && (semantic ? !('offset' in cursor) : !('after' in cursor)))) return invalidCursor();
  const all = without(ctx, name, 'cursor');
  const answer = await inner({ ...all, params: { ...all.params, limit: Number.MAX_SAFE_INTEGER } });
  const body = jsonOf(answer) as { data: ListedFile[] } | undefined;
  if (answer.status !== 200 || !body) return answer;
  const kept = body.data.filter((f) => keep(f, value));
  let start = 0;
  if (cursor && 'offset' in cursor) start = cursor.offset;
  else if (cursor) {
    const after = kept.findIndex((f) => f.path > cursor.after);
    start = after < 0 ? kept.length : after;
  }
  const limit = ctx.params.limit as number;
  const data = kept.slice(start, start + limit);
  const more = start + limit < kept.length;
  const next = !more ? null : encodeCursor(semantic ? { offset: start + limit } : { after: data[data.length - 1].path });
  return withJson(answer, { ...body, data, nextCursor: next });
}

export const FILTER_FAULTS = [
  {
    name: 'prefix-matched-anywhere',
    description: 'GET .../files?prefix=P lists every file whose path contains P anywhere, not only at its start.',
    plant: listing((inner, ctx) => refilter(inner, ctx, 'prefix', (f, prefix) => f.path.includes(prefix))),
  },
  {
    name: 'prefix-case-insensitive',
    description: "GET .../files?prefix=P compares the path's start with P case-insensitively (Red/ matches red/).",
    plant: listing((inner, ctx) => refilter(inner, ctx, 'prefix', (f, prefix) => f.path.toLowerCase().startsWith(prefix.toLowerCase()))),
  },
  {
    name: 'tag-matched-as-substring',
    description: 'GET .../files?tag=T lists files carrying any tag that contains T.',
    plant: listing((inner, ctx) => refilter(inner, ctx, 'tag', (f, tag) => f.tags.some((t) => t.includes(tag)))),
  },
  {
    name: 'prefix-as-regex',
    description:
      "GET .../files?prefix=P reads P as a regular expression matched at the path's start (a.b matches aXb.txt); one that does not compile is refused 400.",
    plant: listing((inner, ctx) => {
      const prefix = ctx.params.prefix as string | undefined;
      if (prefix === undefined) return inner(ctx);
      let pattern: RegExp;
      try {
        pattern = new RegExp(`^${prefix}`);
      } catch {
        return badRequest('prefix is not a valid regular expression.', [
          { location: 'query', field: 'prefix', message: 'is not a valid regular expression' },
        ]);
      }
      return refilter(inner, ctx, 'prefix', (f) => pattern.test(f.path));
    }),
  },
  {
    name: 'prefix-cut-to-last-slash',
    description: "GET .../files?prefix=P lists the whole folder P lies in: P is cut back to its last '/' (red/on lists red/two.txt).",
    plant: listing((inner, ctx) => {
      const prefix = ctx.params.prefix as string | undefined;
      if (prefix === undefined) return inner(ctx);
      return inner({ ...ctx, params: { ...ctx.params, prefix: prefix.slice(0, prefix.lastIndexOf('/') + 1) } });
    }),
  },
  {
    name: 'filters-dropped-after-first-page',
    description:
      'GET .../files applies prefix and tag to the first page only: the pages its nextCursor leads to list the bucket on from there, unfiltered.',
    plant: listing((inner, ctx) => inner(ctx.params.cursor === undefined ? ctx : without(ctx, 'prefix', 'tag'))),
  },
] as const satisfies readonly FaultDefinition[];
