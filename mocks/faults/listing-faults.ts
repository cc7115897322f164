// Planted faults of GET .../files: each wraps the listing handler, dropping or
// bending one of its rules (a filter, the semantic flag, ranking, the cursor).
// The faults that read a filter wrongly are in filter-faults.ts.
import { badRequest } from '../core/problems.ts';
import { internalError } from './fault-answers.ts';
import { jsonOf, withJson, type FaultDefinition } from './plant.ts';
import { byPath, listing, mapFiles, without, type ListedFile } from './listing-wrap.ts';

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
