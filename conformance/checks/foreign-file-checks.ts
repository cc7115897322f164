// bucketIds checks on file ids (core): a restricted key naming a file of the
// other bucket through the allowed bucket's path (in the path, in a body's
// fileId or fileIds, in a trash restore or purge) must neither change that
// file nor reveal it. A refusal passes, and so does a 2xx that ignores an id
// it does not know (the seed leaves that open), while the file stays untouched.
import type { Route } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';
import type { Exchange } from '../http/api-client.ts';
import type { CheckDef, CheckRun, KeyNeed } from '../plan/check-types.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';
import { expectRefused, fail } from './assert.ts';
import { DISPOSABLE_SCOPES, routeTitle, type GeneratorContext } from './generator-context.ts';
import { changeWithinWindow, fileAt, readPages, showsWithinWindow } from './read-back.ts';
import { callRequest, isSuccess, operationOf, routeById, routePath, type OperationCall, type OperationId } from './request-builder.ts';
import { downloadUrl } from './upload.ts';

/** A test file of the other bucket; its path and description carry a word and a marker that no request sends. */
interface Foreign {
  file: FixtureFile;
  word: string;
  marker: string;
}

interface ForeignCase<K extends OperationId> {
  /** Id suffix and title words. */
  slug: string;
  what: string;
  trashed?: boolean;
  /** An id in the path can only be refused: a 2xx means the server found the other bucket's file. */
  mustRefuse?: boolean;
  /** Scopes the harness needs in the other bucket to read the file's state back. */
  readBack: OperationId[];
  call(ctx: CheckRun, foreign: Foreign): Promise<OperationCall<K>>;
  /** Whether the change could be seen at all (asked before the call); a read-back that cannot see it judges nothing. */
  observable?(ctx: CheckRun, foreign: Foreign): Promise<boolean>;
  /** What the call did to the file, read back in its own bucket; undefined when nothing (absent: nothing to read back). */
  changed?(ctx: CheckRun, foreign: Foreign, ex: Exchange): Promise<string | undefined>;
}

const NAMING = { slug: 'foreign-file', what: 'naming a file of another bucket' };
const stillListed = async (ctx: CheckRun, f: Foreign) => (await fileAt(ctx, 'other', f.file.path)) !== undefined;

/** Whether a listing of the other bucket (every page) mentions a text, read with a harness key. */
async function otherListingMentions(ctx: CheckRun, operationId: OperationId, text: string): Promise<boolean> {
  const route = routeById(operationId);
  const request = { method: 'GET', path: routePath(route, ctx.settings, 'other'), auth: { key: ctx.harnessKey([route.scope], 'other') } };
  const { pages } = await readPages(ctx.api, request, { until: () => false });
  return pages.some((page) => page.text.includes(text));
}

const inOtherTrash = async (ctx: CheckRun, f: Foreign) =>
  (await otherListingMentions(ctx, 'getTrash', f.file.id)) || (await otherListingMentions(ctx, 'getTrash', f.marker));

const CASES: { [K in OperationId]?: ForeignCase<K>[] } = {
  updateFile: [
    {
      ...NAMING,
      mustRefuse: true,
      readBack: ['listFiles'],
      call: async (ctx, f) => ({ fileId: f.file.id, json: { tags: [`bk-${ctx.unique()}`] } }),
      changed: async (ctx, f) => ((await fileAt(ctx, 'other', f.file.path))?.tags?.length ? 'its tags were changed' : undefined),
    },
  ],
  presignDownload: [
    {
      ...NAMING,
      readBack: [],
      call: async (_ctx, f) => ({ json: { fileId: f.file.id, disposition: 'attachment' } }),
      // Presigning without looking the file up is fine; a URL that serves the other bucket's bytes is not.
      changed: async (ctx, f, ex) => {
        const url = isSuccess(ex.status) ? downloadUrl(ex.json) : undefined;
        const got = url ? await ctx.api.send({ method: 'GET', path: url }) : undefined;
        return got && got.body.equals(Buffer.from(f.file.content)) ? 'the presigned URL serves its bytes' : undefined;
      },
    },
  ],
  trashFiles: [
    {
      ...NAMING,
      readBack: ['listFiles'],
      call: async (_ctx, f) => ({ json: { fileIds: [f.file.id] } }),
      changed: async (ctx, f) => ((await stillListed(ctx, f)) ? undefined : 'it left the listing of its bucket (trashed)'),
    },
  ],
  moveFiles: [
    {
      ...NAMING,
      readBack: ['listFiles'],
      call: async (ctx, f) => ({
        json: { fileIds: [f.file.id], destination: { prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` } },
      }),
      changed: async (ctx, f) => ((await stillListed(ctx, f)) ? undefined : 'it left its path (moved)'),
    },
  ],
  runBucketAgent: [
    {
      ...NAMING,
      readBack: [],
      call: async (_ctx, f) => ({ json: { prompt: 'Summarise the files named here.', fileIds: [f.file.id] } }),
    },
  ],
  createSuggestion: [
    {
      ...NAMING,
      readBack: ['listSuggestions'],
      call: async (_ctx, f) => ({
        json: { fileId: f.file.id, kind: 'add_tags', proposal: { tags: ['bucketkit-probe'] }, reason: `bucketkit ${f.file.id}` },
      }),
      changed: async (ctx, f) =>
        (await otherListingMentions(ctx, 'listSuggestions', `bucketkit ${f.file.id}`))
          ? 'a suggestion about it was filed in its bucket'
          : undefined,
    },
  ],
  updateTrash: [
    {
      slug: 'foreign-restore',
      what: 'restoring a trashed file of another bucket',
      trashed: true,
      readBack: ['listFiles'],
      call: async (_ctx, f) => ({ json: { restore: [f.file.id] } }),
      changed: async (ctx, f) => ((await stillListed(ctx, f)) ? 'it was restored in its bucket' : undefined),
    },
    {
      slug: 'foreign-purge',
      what: 'purging a trashed file of another bucket',
      trashed: true,
      readBack: ['getTrash'],
      call: async (_ctx, f) => ({ json: { purge: [f.file.id] } }),
      // The trash listing's fields are a choice (G31): it must name the file (by id or path) for a purge to show.
      observable: (ctx, f) => inOtherTrash(ctx, f),
      changed: async (ctx, f) => ((await inOtherTrash(ctx, f)) ? undefined : 'it left the trash of its bucket (purged)'),
    },
  ],
};

/** The request-body fields of a route that name files (`fileId`, `fileIds`), read from its schema. */
export function bodyFileFields(route: Route): string[] {
  if (!route.requestBody) return [];
  const names = new Set<string>();
  // A body of several kinds (a discriminated union) names files in any of its branches.
  const visit = (node: SchemaNode) => {
    const schema = node.$ref ? resolveRef<SchemaNode>(loadBundledSpec(), { $ref: node.$ref }) : node;
    Object.keys(schema.properties ?? {}).forEach((name) => names.add(name));
    [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].forEach(visit);
  };
  visit({ $ref: route.requestBody.schemaRef });
  return [...names].filter((name) => name === 'fileId' || name === 'fileIds');
}

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, unknown>;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** The operations whose foreign-file cases exist (a test holds this against the routes that name files). */
export const FOREIGN_FILE_OPERATIONS = Object.keys(CASES) as OperationId[];

async function makeForeign(ctx: CheckRun, trashed: boolean): Promise<Foreign> {
  const token = ctx.unique();
  const word = `zf${token}`;
  const marker = `mf${token}`;
  ctx.markers?.add(word, 'the word in a test file of the other bucket');
  ctx.markers?.add(marker, 'the marker in a test file of the other bucket');
  const file = await ctx.files.create('other', {
    path: `${ctx.settings.runPrefix}foreign/${word}-${marker}.txt`,
    description: `About ${word}`,
    trashed,
  });
  return { file, word, marker };
}

function foreignCheck<K extends OperationId>(route: Route, kase: ForeignCase<K>, restricted: KeyNeed): CheckDef {
  const setUp = [...DISPOSABLE_SCOPES, routeById('updateFile').scope, ...(kase.trashed ? [routeById('trashFiles').scope] : [])];
  return {
    id: `BUCKET-${route.operationId}-${kase.slug}-unreached`,
    title: `${routeTitle(route)} ${kase.what} through the allowed bucket's path neither changes nor reveals it`,
    area: 'bucket-limits',
    level: 'core',
    route: routeTitle(route),
    keys: { restricted },
    writes: true,
    fixtures: false,
    harness: [{ scopes: [...new Set([...setUp, ...kase.readBack.map((id) => routeById(id).scope)])], bucket: 'other' }],
    async run(ctx) {
      const foreign = await makeForeign(ctx, kase.trashed ?? false);
      // The state the change would alter must show first (a trash listing may lag the trash itself).
      const observable = kase.observable ? await showsWithinWindow(ctx, () => kase.observable!(ctx, foreign)) : true;
      const call = await kase.call(ctx, foreign);
      const key = ctx.keys.restricted[0];
      const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key }));
      const what = `file ${foreign.file.id} of bucket ${ctx.settings.buckets.other}`;
      if (kase.mustRefuse) expectRefused(ex, `a 4xx refusal for key "${key}": ${what} is outside its bucketIds`);
      const shown = [foreign.marker, foreign.word].find((token) => ex.text.includes(token));
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
    (CASES[id] ?? []).map((kase) => foreignCheck(route, kase, restricted(route, g)));
  return g.routes.flatMap((route) => casesOf(operationOf(route), route));
}
