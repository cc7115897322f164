// bucketIds checks on routes that search or summarise (core): for a key barred
// from the other bucket, a text or semantic search, the trash listing and the
// agent's answer and citations through the allowed bucket's path never show
// the other bucket's test files. They are found by their ids (as values: a
// short or numeric id is never matched inside another number) or by a marker
// word in their paths that no request sends, so an echo of the query is no leak.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Exchange } from '../http/api-client.ts';
import { routeLabel, type CheckDef, type KeyNeed } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { fail } from '../client/assert.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { readPages } from '../client/read-back.ts';
import { shownMarker, type Marker } from '../oracles/markers.ts';
import { resourceOfRoute } from '../oracles/id-places.ts';
import { unreadNote } from '../listing/listing-unfinished.ts';
import { callRequest, routeById, type OperationCall, type OperationId } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';
import { SetupError } from '../client/setup-error.ts';

type Restricted = (route: Route, g: GeneratorContext) => KeyNeed;

/**
 * The other bucket's test files as the set-up made them. A borrowed file (the deployment took no upload) carries no
 * word of the run's: its own name is searched for, and only its id counts as shown (the allowed bucket may hold a
 * file of the same name).
 */
function foreignOf(ctx: CheckRun): { word: string; marker?: string; ids: string[] } {
  const { otherFile, foreign } = ctx.fixtures;
  if (!otherFile || !foreign) throw new Error("the other bucket's test files are missing (set-up did not prepare them)");
  if (otherFile.borrowed) return { word: nameOf(otherFile.path), ids: [otherFile.id] };
  return { ...foreign, ids: [otherFile.id, ...(foreign.trashed ? [foreign.trashed.id] : [])].map(String) };
}

/** The last segment of a path, without its extension. */
const nameOf = (path: string) => (path.split('/').pop() ?? path).replace(/\.[^.]*$/, '') || path;

/** Fails when an answer shows one of the other bucket's test files. */
function expectNoForeign(ctx: CheckRun, pages: Exchange[], what: string, operationId: string): void {
  const foreign = foreignOf(ctx);
  const markers: Marker[] = [
    ...foreign.ids.map((id): Marker => ({ value: id, what: "the id of the other bucket's test file", kind: 'value', resource: 'File' })),
    ...(foreign.marker ? [{ value: foreign.marker, what: "the marker in the other bucket's test files", kind: 'word' } as Marker] : []),
  ];
  for (const ex of pages) {
    const shown = shownMarker(markers, ex.text, undefined, resourceOfRoute(operationId))?.value;
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
  /** Sends the request (every page of a listing) and returns the answers to scan, with a note when pages were left unread. */
  send(ctx: CheckRun, route: Route, key: string): Promise<{ pages: Exchange[]; note?: string }>;
}

const pagesOf = async (ctx: CheckRun, route: Route, key: string, query: Record<string, string>) => {
  const listing = await readPages(ctx.api, callRequest(route, ctx.settings, 'allowed', { query }, { key }), { verify: () => undefined });
  return { pages: listing.pages, note: unreadNote(listing) };
};

const LEAKS: Leak[] = [
  {
    id: checkIds.bucket('listFiles', 'search-own-bucket-only'),
    operationId: 'listFiles',
    title: 'with search for a word only the other bucket holds lists none of its files',
    send: (ctx, route, key) => pagesOf(ctx, route, key, { search: foreignOf(ctx).word }),
  },
  {
    id: checkIds.bucket('listFiles', 'semantic-own-bucket-only'),
    operationId: 'listFiles',
    title: 'with semantic=1 search for a word only the other bucket holds lists none of its files',
    send: (ctx, route, key) => pagesOf(ctx, route, key, { search: foreignOf(ctx).word, semantic: '1' }),
  },
  {
    id: checkIds.bucket('getTrash', 'own-bucket-only'),
    operationId: 'getTrash',
    title: "lists none of the other bucket's trashed files",
    trashed: true,
    send: (ctx, route, key) => pagesOf(ctx, route, key, {}),
  },
  {
    id: checkIds.bucket('runBucketAgent', 'own-bucket-only'),
    operationId: 'runBucketAgent',
    title: 'asked about a word only the other bucket holds neither cites nor quotes its files',
    send: async (ctx, route, key) => {
      const call: OperationCall<'runBucketAgent'> = { json: { prompt: `Which files mention ${foreignOf(ctx).word}?` } };
      return { pages: [await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key }))] };
    },
  },
];

/** The leak checks, each with a key whose bucketIds exclude the other bucket. */
export function bucketLeakChecks(g: GeneratorContext, restricted: Restricted): CheckDef[] {
  return LEAKS.map((leak): CheckDef => {
    const route = routeById(leak.operationId);
    return {
      id: leak.id,
      title: `${routeLabel(route)} for a key restricted by bucketIds ${leak.title}`,
      area: 'bucket-limits',
      level: 'core',
      route: routeLabel(route),
      keys: { restricted: restricted(route, g) },
      writes: route.mutates,
      fixtures: true,
      needs: ['otherFile', 'foreign'],
      harness: leak.trashed ? [{ scopes: [routeById('trashFiles').scope], bucket: 'other' }] : undefined,
      async run(ctx) {
        const borrowed = ctx.fixtures.otherFile?.borrowed;
        if (leak.trashed && borrowed) throw new SetupError(`needs a trashed test file of the run's own: ${borrowed.why}`, borrowed.blame);
        const refused = ctx.fixtures.foreign?.trashRefused;
        if (leak.trashed && refused) throw new SetupError(`needs a trashed test file in the other bucket: ${refused.why}`, refused.blame);
        if (leak.trashed && !ctx.fixtures.foreign?.trashed) throw new Error('the set-up did not trash a test file in the other bucket');
        const key = ctx.keys.restricted[0];
        const { pages, note } = await leak.send(ctx, route, key);
        expectNoForeign(ctx, pages, `an answer for key "${key}"`, route.operationId);
        return note;
      },
    };
  });
}
