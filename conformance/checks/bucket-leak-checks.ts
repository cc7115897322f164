// bucketIds checks on routes that search or summarise (core): for a key barred
// from the other bucket, a text or semantic search, the trash listing and the
// agent's answer and citations through the allowed bucket's path never show
// the other bucket's test files. They are found by their ids or by a marker in
// their paths that no request sends, so an echo of the query is no leak.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Exchange } from '../http/api-client.ts';
import type { CheckDef, CheckRun, KeyNeed } from '../plan/check-types.ts';
import { fail } from './assert.ts';
import { routeTitle, type GeneratorContext } from './generator-context.ts';
import { readPages } from './read-back.ts';
import { callRequest, routeById, type OperationCall, type OperationId } from './request-builder.ts';

type Restricted = (route: Route, g: GeneratorContext) => KeyNeed;

/** The other bucket's test files as the set-up made them. */
function foreignOf(ctx: CheckRun) {
  const { otherFile, foreign } = ctx.fixtures;
  if (!otherFile || !foreign) throw new Error("the other bucket's test files are missing (set-up did not prepare them)");
  return { ...foreign, ids: [otherFile.id, ...(foreign.trashed ? [foreign.trashed.id] : [])] };
}

/** Fails when an answer shows one of the other bucket's test files. */
function expectNoForeign(ctx: CheckRun, pages: Exchange[], what: string): void {
  const foreign = foreignOf(ctx);
  for (const ex of pages) {
    const shown = [...foreign.ids, foreign.marker].find((token) => ex.text.includes(token));
    if (shown)
      fail(
        `${what} without files of bucket ${ctx.settings.buckets.other}, which the key's bucketIds exclude`,
        ex,
        `the answer shows "${shown}"`,
      );
  }
}

interface Leak {
  id: string;
  operationId: OperationId;
  title: string;
  /** The other bucket must hold a trashed test file (a key that trashes there). */
  trashed?: boolean;
  /** Sends the request (every page of a listing) and returns the answers to scan. */
  send(ctx: CheckRun, route: Route, key: string): Promise<Exchange[]>;
}

const pagesOf = async (ctx: CheckRun, route: Route, key: string, query: Record<string, string>) =>
  (await readPages(ctx.api, callRequest(route, ctx.settings, 'allowed', { query }, { key }), { verify: () => undefined })).pages;

const LEAKS: Leak[] = [
  {
    id: 'BUCKET-listFiles-search-own-bucket-only',
    operationId: 'listFiles',
    title: 'with search for a word only the other bucket holds lists none of its files',
    send: (ctx, route, key) => pagesOf(ctx, route, key, { search: foreignOf(ctx).word }),
  },
  {
    id: 'BUCKET-listFiles-semantic-own-bucket-only',
    operationId: 'listFiles',
    title: 'with semantic=1 search for a word only the other bucket holds lists none of its files',
    send: (ctx, route, key) => pagesOf(ctx, route, key, { search: foreignOf(ctx).word, semantic: '1' }),
  },
  {
    id: 'BUCKET-getTrash-own-bucket-only',
    operationId: 'getTrash',
    title: "lists none of the other bucket's trashed files",
    trashed: true,
    send: (ctx, route, key) => pagesOf(ctx, route, key, {}),
  },
  {
    id: 'BUCKET-runBucketAgent-own-bucket-only',
    operationId: 'runBucketAgent',
    title: 'asked about a word only the other bucket holds neither cites nor quotes its files',
    send: async (ctx, route, key) => {
      const call: OperationCall<'runBucketAgent'> = { json: { prompt: `Which files mention ${foreignOf(ctx).word}?` } };
      return [await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key }))];
    },
  },
];

/** The leak checks, each with a key whose bucketIds exclude the other bucket. */
export function bucketLeakChecks(g: GeneratorContext, restricted: Restricted): CheckDef[] {
  return LEAKS.map((leak): CheckDef => {
    const route = routeById(leak.operationId);
    return {
      id: leak.id,
      title: `${routeTitle(route)} for a key restricted by bucketIds ${leak.title}`,
      area: 'bucket-limits',
      level: 'core',
      route: routeTitle(route),
      keys: { restricted: restricted(route, g) },
      writes: route.mutates,
      fixtures: true,
      harness: leak.trashed ? [{ scopes: [routeById('trashFiles').scope], bucket: 'other' }] : undefined,
      async run(ctx) {
        if (leak.trashed && !ctx.fixtures.foreign?.trashed) throw new Error('the set-up did not trash a test file in the other bucket');
        const key = ctx.keys.restricted[0];
        expectNoForeign(ctx, await leak.send(ctx, route, key), `an answer for key "${key}"`);
      },
    };
  });
}
