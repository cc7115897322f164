// Listing checks on the run's own test files: prefix and tag honoured (core),
// search and semantic=1 accepted (core), search matching, AND combination,
// semantic without search, ranking and cursor paging (profile).
import type { CheckDef, CheckRun } from '../plan/check-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { expectProblem, expectServed, fail } from './assert.ts';
import { holder, routeTitle, type GeneratorContext } from './generator-context.ts';
import { callRequest, routeById } from './request-builder.ts';

interface Listed {
  id: string;
  path: string;
  score?: number;
}

/** Lists the allowed bucket with the given query; returns the exchange and the listed files. */
async function list(ctx: CheckRun, query: Record<string, string>): Promise<{ ex: Exchange; files: Listed[] }> {
  const ex = await ctx.api.send(callRequest(routeById('listFiles'), ctx.settings, 'allowed', { query }, { key: ctx.keys.reader[0] }));
  expectServed(ex, `a 2xx answer to ?${new URLSearchParams(query)}`);
  return { ex, files: (ex.json as { data?: Listed[] }).data ?? [] };
}

/** Fails unless the listing holds exactly the expected paths. */
function expectPaths(ex: Exchange, files: Listed[], expected: string[], what: string): void {
  const got = files.map((f) => f.path).sort();
  const want = [...expected].sort();
  if (got.join('\n') !== want.join('\n'))
    fail(
      `${what}: ${want.join(', ') || 'nothing'}`,
      ex,
      `${got.length} files: ${got.slice(0, 6).join(', ')}${got.length > 6 ? ', …' : ''}`,
    );
}

function listingCheck(id: string, title: string, level: 'core' | 'profile', g: GeneratorContext, run: CheckDef['run']): CheckDef {
  const route = routeById('listFiles');
  return {
    id,
    title: `${routeTitle(route)} ${title}`,
    area: 'listing',
    level,
    route: routeTitle(route),
    keys: { reader: holder(route, g.overrides) },
    writes: false,
    fixtures: true,
    run,
  };
}

/** The listing checks. */
export function listingChecks(g: GeneratorContext): CheckDef[] {
  const fx = (ctx: CheckRun) => ctx.fixtures.listing!;
  const paths = (ctx: CheckRun, pick: (f: { path: string; tags: string[]; description: string | null }) => boolean) =>
    fx(ctx)
      .files.filter(pick)
      .map((f) => f.path);
  return [
    listingCheck('LIST-prefix-honoured', 'with prefix lists only files whose path begins with it', 'core', g, async (ctx) => {
      const prefix = `${fx(ctx).prefix}red/`;
      const { ex, files } = await list(ctx, { prefix });
      expectPaths(
        ex,
        files,
        paths(ctx, (f) => f.path.startsWith(prefix)),
        `exactly the files under ${prefix}`,
      );
    }),
    listingCheck('LIST-tag-honoured', 'with tag lists only files carrying that tag', 'core', g, async (ctx) => {
      const tag = fx(ctx).tags.blue;
      const { ex, files } = await list(ctx, { tag });
      expectPaths(
        ex,
        files,
        paths(ctx, (f) => f.tags.includes(tag)),
        `exactly the files tagged ${tag}`,
      );
    }),
    listingCheck('LIST-search-accepted', 'accepts search, and semantic=1 with search', 'core', g, async (ctx) => {
      await list(ctx, { search: fx(ctx).word });
      await list(ctx, { search: fx(ctx).word, semantic: '1' });
    }),
    listingCheck(
      'LIST-search-substring',
      'with search matches a case-insensitive substring of path, description or tags',
      'profile',
      g,
      async (ctx) => {
        const word = fx(ctx).word;
        const { ex, files } = await list(ctx, { search: word.toUpperCase(), prefix: fx(ctx).prefix });
        expectPaths(
          ex,
          files,
          paths(ctx, (f) => `${f.path} ${f.description ?? ''} ${f.tags.join(' ')}`.toLowerCase().includes(word)),
          `the files mentioning ${word}`,
        );
      },
    ),
    listingCheck('LIST-filters-combine-with-and', 'with prefix and tag lists files matching both', 'profile', g, async (ctx) => {
      const prefix = `${fx(ctx).prefix}red/`;
      const tag = fx(ctx).tags.blue;
      const { ex, files } = await list(ctx, { prefix, tag });
      expectPaths(
        ex,
        files,
        paths(ctx, (f) => f.path.startsWith(prefix) && f.tags.includes(tag)),
        `the files under ${prefix} tagged ${tag}`,
      );
    }),
    listingCheck('LIST-semantic-needs-search', 'with semantic=1 and no search is 400 invalid_request', 'profile', g, async (ctx) => {
      const ex = await ctx.api.send(
        callRequest(routeById('listFiles'), ctx.settings, 'allowed', { query: { semantic: '1' } }, { key: ctx.keys.reader[0] }),
      );
      expectProblem(ex, 400, 'invalid_request', ctx.validator);
    }),
    listingCheck('LIST-semantic-ranked', 'with semantic=1 ranks matches by score, highest first', 'profile', g, async (ctx) => {
      const { ex, files } = await list(ctx, { search: fx(ctx).word, semantic: '1', prefix: fx(ctx).prefix });
      if (files.length === 0) fail(`at least one match for "${fx(ctx).word}"`, ex);
      const scores = files.map((f) => f.score);
      if (scores.some((s) => typeof s !== 'number')) fail('a score on every file', ex);
      if (scores.some((s, i) => i > 0 && (s as number) > (scores[i - 1] as number)))
        fail('scores in descending order', ex, `scores ${scores.join(', ')}`);
    }),
    listingCheck(
      'LIST-cursor-paging',
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
          const { ex, files } = await list(ctx, query);
          last = ex;
          if (files.length > 2) fail('at most 2 files per page with limit=2', ex);
          seen.push(...files.map((f) => f.path));
          cursor = (ex.json as { nextCursor?: string | null }).nextCursor ?? null;
          if (!cursor) break;
        }
        if (cursor) fail('nextCursor null on the last page', last);
        expectPaths(
          last!,
          seen.map((path) => ({ id: '', path })),
          paths(ctx, () => true),
          'every test file exactly once across the pages',
        );
      },
    ),
  ];
}
