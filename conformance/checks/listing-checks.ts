// Listing checks on the run's own test files: search and semantic=1 accepted
// (core), search matching, AND combination, semantic without search, ranking,
// cursor paging and the page-size bound (profile). The prefix and tag filters
// have their own module (listing-filter-checks.ts).
import { overrideOf } from '../config/config-types.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { expectServed, fail } from '../client/assert.ts';
import { errorLabel, expectError } from '../client/error-answer.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { listedItems, listFiles, type ListedFile } from '../client/read-back.ts';
import type { ListingEnd } from '../listing/listing-reader.ts';
import { requireWhole } from '../listing/listing-unfinished.ts';
import { callRequest, routeById } from '../client/request-builder.ts';
import { checkIds, type ListingCase } from '../plan/check-ids.ts';
import { SetupError } from '../client/setup-error.ts';

/** Lists the allowed bucket with the given query, every page (no `limit`: the page size is the server's); each page must be 2xx. */
async function list(ctx: CheckRun, query: Record<string, string>): Promise<{ ex: Exchange; files: ListedFile[]; end: ListingEnd }> {
  const what = `a 2xx answer to ?${new URLSearchParams(query)}`;
  const { items, pages, end } = await listFiles(ctx.api, ctx.settings, ctx.keys.reader[0], 'allowed', query, {
    verify: (ex) => expectServed(ex, what),
  });
  return { ex: pages[0], files: items, end };
}

/** Fails unless the listing holds exactly the expected paths; a path missing from a listing read only in part gives no verdict. */
function expectPaths(ex: Exchange, files: { path: string }[], expected: string[], what: string, end: ListingEnd = { kind: 'last' }): void {
  const got = files.map((f) => f.path).sort();
  const want = [...expected].sort();
  if (got.join('\n') !== want.join('\n')) {
    const stray = got.filter((p) => !want.includes(p));
    const missing = want.filter((p) => !got.includes(p));
    if (stray.length === 0) requireWhole({ end }, `whether ${missing.slice(0, 4).join(', ')} ${missing.length > 1 ? 'are' : 'is'} listed`);
    fail(
      `${what}: ${want.join(', ') || 'nothing'}`,
      ex,
      `${got.length} files${stray.length ? `, not expected: ${stray.slice(0, 4).join(', ')}` : ''}${missing.length ? `, missing: ${missing.slice(0, 4).join(', ')}` : ''}`,
    );
  }
}

/** A check of GET .../files with a key holding its scope, on the listing test files. */
export function listingCheck(
  slug: ListingCase,
  title: string,
  level: 'core' | 'profile',
  g: GeneratorContext,
  run: CheckDef['run'],
  /** The check judges any files it is given: a listing part read from the bucket's own files will do. */
  options: { borrowable?: boolean } = {},
): CheckDef {
  const route = routeById('listFiles');
  return {
    id: checkIds.listing(slug),
    title: `${routeLabel(route)} ${title}`,
    area: 'listing',
    level,
    route: routeLabel(route),
    keys: { reader: holder(route, g.overrides) },
    writes: false,
    fixtures: true,
    needs: ['listing'],
    ...(options.borrowable ? { heldFiles: true as const } : {}),
    run: (ctx) => {
      const borrowed = ctx.fixtures.listing?.borrowed;
      if (borrowed && !options.borrowable) throw new SetupError(`needs the run's own listing files: ${borrowed.why}`, borrowed.blame);
      return run(ctx);
    },
  };
}

/** The page-size bound (G16): the maximum served, one more refused (overrides.maxPageSize for a lower one). */
function limitMaximumCheck(g: GeneratorContext): CheckDef {
  const max = overrideOf(g.overrides, 'maxPageSize');
  return {
    ...listingCheck(
      'limit-maximum',
      `accepts limit=${max} and refuses limit=${max + 1} with ${errorLabel(g.overrides, 400, 'invalid_request')} naming limit`,
      'profile',
      g,
      async (ctx) => {
        const send = (limit: number) =>
          ctx.api.send(
            callRequest(
              routeById('listFiles'),
              ctx.settings,
              'allowed',
              { query: { prefix: ctx.settings.runPrefix, limit: String(limit) } },
              { key: ctx.keys.reader[0] },
            ),
          );
        expectServed(await send(max), `a 2xx answer to limit=${max}`);
        expectError(await send(max + 1), ctx, 400, 'invalid_request', { field: 'limit' });
      },
    ),
    fixtures: false,
  };
}

/** The listing checks. */
export function listingChecks(g: GeneratorContext): CheckDef[] {
  const fx = (ctx: CheckRun) => ctx.fixtures.listing!;
  const paths = (ctx: CheckRun, pick: (f: FixtureFile) => boolean) =>
    fx(ctx)
      .files.filter(pick)
      .map((f) => f.path);
  return [
    listingCheck(
      'search-accepted',
      'accepts search, and semantic=1 with search',
      'core',
      g,
      async (ctx) => {
        await list(ctx, { search: fx(ctx).word });
        await list(ctx, { search: fx(ctx).word, semantic: '1' });
      },
      { borrowable: true },
    ),
    listingCheck(
      'search-substring',
      'with search matches a case-insensitive substring of path, description or tags',
      'profile',
      g,
      async (ctx) => {
        const word = fx(ctx).word;
        const { ex, files, end } = await list(ctx, { search: word.toUpperCase(), prefix: fx(ctx).prefix });
        expectPaths(
          ex,
          files,
          paths(ctx, (f) => `${f.path} ${f.description ?? ''} ${f.tags.join(' ')}`.toLowerCase().includes(word)),
          `the files mentioning ${word}`,
          end,
        );
      },
    ),
    listingCheck('filters-combine-with-and', 'with prefix and tag lists files matching both', 'profile', g, async (ctx) => {
      const prefix = `${fx(ctx).prefix}red/`;
      const tag = fx(ctx).tags.blue;
      const { ex, files, end } = await list(ctx, { prefix, tag });
      expectPaths(
        ex,
        files,
        paths(ctx, (f) => f.path.startsWith(prefix) && f.tags.includes(tag)),
        `the files under ${prefix} tagged ${tag}`,
        end,
      );
    }),
    listingCheck(
      'semantic-needs-search',
      `with semantic=1 and no search is ${errorLabel(g.overrides, 400, 'invalid_request')}`,
      'profile',
      g,
      async (ctx) => {
        const ex = await ctx.api.send(
          callRequest(routeById('listFiles'), ctx.settings, 'allowed', { query: { semantic: '1' } }, { key: ctx.keys.reader[0] }),
        );
        expectError(ex, ctx, 400, 'invalid_request');
      },
    ),
    limitMaximumCheck(g),
    listingCheck('semantic-ranked', 'with semantic=1 ranks matches by score, highest first', 'profile', g, async (ctx) => {
      const { ex, files } = await list(ctx, { search: fx(ctx).word, semantic: '1', prefix: fx(ctx).prefix });
      if (files.length === 0) fail(`at least one match for "${fx(ctx).word}"`, ex);
      const scores = files.map((f) => f.score);
      if (scores.some((s) => typeof s !== 'number')) fail('a score on every file', ex);
      if (scores.some((s, i) => i > 0 && (s as number) > (scores[i - 1] as number)))
        fail('scores in descending order', ex, `scores ${scores.join(', ')}`);
    }),
    listingCheck(
      'cursor-paging',
      'pages with limit and cursor, each file once, nextCursor null on the last page',
      'profile',
      g,
      async (ctx) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let last: Exchange | undefined;
        for (let page = 0; page <= fx(ctx).files.length; page++) {
          const query: Record<string, string> = { prefix: fx(ctx).prefix, limit: '2' };
          if (cursor) query.cursor = cursor;
          const ex = await ctx.api.send(
            callRequest(routeById('listFiles'), ctx.settings, 'allowed', { query }, { key: ctx.keys.reader[0] }),
          );
          expectServed(ex, `a 2xx answer to ?${new URLSearchParams(query)}`);
          const files = listedItems<ListedFile>(ex.json);
          last = ex;
          if (files.length > 2) fail('at most 2 files per page with limit=2', ex);
          seen.push(...files.map((f) => f.path));
          cursor = (ex.json as { nextCursor?: string | null } | null | undefined)?.nextCursor ?? null;
          if (!cursor) break;
        }
        if (cursor) fail('nextCursor null on the last page', last);
        expectPaths(
          last!,
          seen.map((path) => ({ path })),
          paths(ctx, () => true),
          'every test file exactly once across the pages',
        );
      },
    ),
  ];
}
