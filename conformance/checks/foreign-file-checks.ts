// bucketIds checks on file ids (core): a restricted key naming a file of the
// other bucket through the allowed bucket's path (in the path, in a body's
// fileId or fileIds, in a trash restore or purge) must neither change that
// file nor reveal it. A refusal passes, and so does a 2xx that ignores an id
// it does not know (the seed leaves that open), while the file stays untouched.
// The calls and their read-backs are the books' (OperationBook.foreign).
import type { Route } from '../../openapi/contract/route-table.ts';
import { routeLabel, type CheckDef, type KeyNeed } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { expectRefused, fail } from '../client/assert.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { BOOKS } from '../operations/books.ts';
import { DISPOSABLE_SCOPES } from '../operations/check-needs.ts';
import { wordMarker } from '../operations/foreign-read-backs.ts';
import type { ForeignCase, ForeignFile } from '../operations/operation-book.ts';
import { changeWithinWindow, showsWithinWindow } from '../client/read-back.ts';
import { shownMarker } from '../oracles/markers.ts';
import { callRequest, operationOf, routeById, type OperationId } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';

/** The operations whose books have foreign-file cases (a test holds this against the books that name files). */
export const FOREIGN_FILE_OPERATIONS = (Object.keys(BOOKS) as OperationId[]).filter((id) => BOOKS[id].foreign.length > 0);

async function makeForeign(ctx: CheckRun, kase: ForeignCase): Promise<ForeignFile> {
  const token = ctx.unique();
  const word = `zf${token}`;
  const marker = `mf${token}`;
  const file = await ctx.files.create('other', {
    path: `${ctx.settings.runPrefix}foreign/${word}-${marker}.txt`,
    description: `About ${word}`,
    trashed: kase.trashed ?? false,
    orBorrowed: kase.borrowable,
    // Its path carries the word and the marker too: a deployment that will not describe it still gets the check.
    describeIfServed: true,
  });
  // A borrowed file carries no word of the run's: its own path is what an answer must not show (never a run-wide
  // marker, since the allowed bucket may hold a file at the same path).
  if (file.borrowed) return { file, word: file.path, marker: file.path };
  ctx.markers?.addWord(word, 'the word in a test file of the other bucket');
  ctx.markers?.addWord(marker, 'the marker in a test file of the other bucket');
  return { file, word, marker };
}

function foreignCheck<K extends OperationId>(route: Route, kase: ForeignCase<K>, restricted: KeyNeed): CheckDef {
  const setUp = [...DISPOSABLE_SCOPES, routeById('updateFile').scope, ...(kase.trashed ? [routeById('trashFiles').scope] : [])];
  return {
    id: checkIds.foreignFile(route.operationId, kase.slug),
    title: `${routeLabel(route)} ${kase.what} through the allowed bucket's path neither changes nor reveals it`,
    area: 'bucket-limits',
    level: 'core',
    route: routeLabel(route),
    keys: { restricted },
    writes: true,
    fixtures: false,
    harness: [{ scopes: [...new Set([...setUp, ...kase.readBack.map((id) => routeById(id).scope)])], bucket: 'other' }],
    async run(ctx) {
      const foreign = await makeForeign(ctx, kase as ForeignCase);
      // The state the change would alter must show first (a trash listing may lag the trash itself).
      const observable = kase.observable ? await showsWithinWindow(ctx, () => kase.observable!(ctx, foreign)) : true;
      const call = await kase.call(ctx, foreign);
      const key = ctx.keys.restricted[0];
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key }));
      const what = `file ${foreign.file.id} of bucket ${ctx.settings.buckets.other}`;
      if (kase.mustRefuse) expectRefused(ex, `a 4xx refusal for key "${key}": ${what} is outside its bucketIds`);
      const shown = shownMarker([wordMarker(foreign.marker), wordMarker(foreign.word)], ex.text)?.value;
      if (shown) fail(`an answer that does not reveal ${what}`, ex, `the answer shows its path or description ("${shown}")`);
      const changed = kase.changed;
      const change = observable && changed ? await changeWithinWindow(ctx, () => changed(ctx, foreign, ex)) : undefined;
      if (change) fail(`${what} left as it was`, ex, change);
    },
  };
}

/** The foreign-file checks of every operation that names files, for a key barred from the other bucket. */
export function foreignFileChecks(g: GeneratorContext, restricted: (route: Route, g: GeneratorContext) => KeyNeed): CheckDef[] {
  const casesOf = <K extends OperationId>(id: K, route: Route) =>
    (BOOKS[id].foreign as ForeignCase<K>[]).map((kase) => foreignCheck(route, kase, restricted(route, g)));
  return g.routes.flatMap((route) => casesOf(operationOf(route), route));
}
