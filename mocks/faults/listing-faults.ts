// Planted faults of GET .../files: each wraps the listing handler, dropping or
// bending one of its rules (a filter, the semantic flag, ranking, the cursor).
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockComponents } from '../core/components.ts';
import type { MockResponse } from '../core/types.ts';
import { badRequest } from '../core/problems.ts';
import { internalError } from './fault-answers.ts';
import { jsonOf, withJson, wrapHandler, type FaultDefinition } from './plant.ts';

type ListCtx = HandlerContext<'listFiles'>;
type Listing = (ctx: ListCtx) => MockResponse | Promise<MockResponse>;

interface ListedFile {
  path: string;
  description: string | null;
  tags: string[];
  score?: number;
}

/** The listing handler wrapped by `wrap`. */
const listing = (wrap: (inner: Listing, ctx: ListCtx) => MockResponse | Promise<MockResponse>) => (c: MockComponents) =>
  wrapHandler(c, 'listFiles', (inner) => (ctx) => wrap(inner, ctx));

/** The context without some query values, as if the client had not sent them. */
function without(ctx: ListCtx, ...names: string[]): ListCtx {
  return { ...ctx, params: Object.fromEntries(Object.entries(ctx.params).filter(([name]) => !names.includes(name))) };
}

/** Rewrites the files of a successful listing. */
async function mapFiles(
  answer: MockResponse | Promise<MockResponse>,
  change: (files: ListedFile[]) => ListedFile[],
): Promise<MockResponse> {
  const response = await answer;
  const body = jsonOf(response) as { data: ListedFile[]; nextCursor: string | null } | undefined;
  return response.status === 200 && body ? withJson(response, { ...body, data: change(body.data) }) : response;
}

const byPath = (a: ListedFile, b: ListedFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Lists without one filter, then applies `keep` in its place (one page, no cursor): a filter written wrongly. */
function refilter(
  inner: Listing,
  ctx: ListCtx,
  name: string,
  keep: (file: ListedFile, value: string) => boolean,
): Promise<MockResponse> | MockResponse {
  const value = ctx.params[name] as string | undefined;
  if (value === undefined) return inner(ctx);
  const all = without(ctx, name, 'cursor');
  return mapFiles(inner({ ...all, params: { ...all.params, limit: Number.MAX_SAFE_INTEGER } }), (files) =>
    files.filter((f) => keep(f, value)).slice(0, ctx.params.limit as number),
  );
}

export const LISTING_FAULTS = [
  {
    name: 'prefix-filter-ignored',
    description: 'GET .../files ignores the prefix filter.',
    plant: listing((inner, ctx) => inner(without(ctx, 'prefix'))),
  },
  {
    name: 'tag-filter-ignored',
    description: 'GET .../files ignores the tag filter.',
    plant: listing((inner, ctx) => inner(without(ctx, 'tag'))),
  },
  {
    name: 'semantic-flag-refused',
    description: 'GET .../files refuses semantic=1 with 400 (it wants semantic=true).',
    plant: listing((inner, ctx) =>
      ctx.params.semantic === undefined
        ? inner(ctx)
        : badRequest('semantic must be true.', [{ location: 'query', field: 'semantic', message: 'must be true' }]),
    ),
  },
  {
    name: 'search-case-sensitive',
    description: 'GET .../files?search= matches case-sensitively.',
    plant: listing((inner, ctx) => {
      const search = ctx.params.search as string | undefined;
      if (search === undefined) return inner(ctx);
      return mapFiles(inner(ctx), (files) =>
        files.filter((f) => [f.path, f.description ?? '', ...f.tags].some((text) => text.includes(search))),
      );
    }),
  },
  {
    name: 'filters-combined-with-or',
    description: 'GET .../files with prefix and tag lists files matching either.',
    plant: listing(async (inner, ctx) => {
      if (!ctx.params.prefix || ctx.params.tag === undefined) return inner(ctx);
      const [byPrefix, byTag] = await Promise.all([inner(without(ctx, 'tag', 'cursor')), inner(without(ctx, 'prefix', 'cursor'))]);
      const either = [...(jsonOf(byPrefix) as { data: ListedFile[] }).data, ...(jsonOf(byTag) as { data: ListedFile[] }).data];
      const unique = [...new Map(either.map((f) => [f.path, f])).values()].sort(byPath);
      return withJson(byPrefix, { data: unique.slice(0, ctx.params.limit as number), nextCursor: null });
    }),
  },
  {
    name: 'semantic-without-search-accepted',
    description: 'GET .../files?semantic=1 without search is served instead of 400.',
    plant: listing((inner, ctx) =>
      inner(ctx.params.semantic !== undefined && ctx.params.search === undefined ? without(ctx, 'semantic') : ctx),
    ),
  },
  {
    name: 'semantic-unranked',
    description: 'GET .../files?semantic=1 lists matches in path order, without scores.',
    plant: listing((inner, ctx) =>
      ctx.params.semantic === undefined
        ? inner(ctx)
        : mapFiles(inner(ctx), (files) => files.map(({ score: _score, ...file }) => file).sort(byPath)),
    ),
  },
  {
    name: 'cursor-ignored',
    description: 'GET .../files ignores cursor: every page is the first page.',
    plant: listing((inner, ctx) => inner(without(ctx, 'cursor'))),
  },
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
    name: 'search-regex-500',
    description: 'GET .../files?search= compiles the term as a regular expression: an unbalanced ( or [ is answered 500.',
    plant: listing((inner, ctx) => {
      try {
        new RegExp((ctx.params.search as string | undefined) ?? '');
      } catch {
        return internalError();
      }
      return inner(ctx);
    }),
  },
  {
    name: 'semantic-quote-500',
    description: 'GET .../files?search=...&semantic=1 with a \' or " in the term is answered 500 (plain search is fine).',
    plant: listing((inner, ctx) =>
      ctx.params.semantic !== undefined && /['"]/.test((ctx.params.search as string | undefined) ?? '') ? internalError() : inner(ctx),
    ),
  },
] as const satisfies readonly FaultDefinition[];
