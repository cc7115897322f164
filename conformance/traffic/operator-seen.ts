// What the run has seen that operator variants reuse (operators' RunSeen),
// read once per run by whichever check asks first: each bucket's file ids,
// trashed file ids and paths (its test files, and a short page of each of its
// paging listings, read by a key reaching it), a next-page cursor of each such
// listing, the presigned URLs each URL-granting route gives for it, another
// workspace than the run's (one the key lists, or an id of none), and the
// credentials (cookies, token-like headers) the deployment set on those
// authenticated answers. Learned credentials are redacted from then on.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import type { Exchange } from '../http/api-client.ts';
import { listedItems } from '../listing/listing-items.ts';
import { nextLink } from '../listing/link-header.ts';
import { continuationOf } from '../listing/next-page.ts';
import { pagingFacts } from '../listing/paging-facts.ts';
import { credentialLabel, credentialsSetBy } from '../http/set-credentials.ts';
import { loadContract, propertiesOf } from '../operators/contract-fields.ts';
import type { BucketSeen, PresignedUpload, RunSeen } from '../operators/operator-types.ts';
import { sendableHeaders } from '../client/upload.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { SharedFixtures } from '../plan/fixture-types.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { judgedSetupStep } from '../client/judged-setup.ts';
import { callRequest, routeById, type BucketRole } from '../client/request-builder.ts';
import { validRequestOf } from './operator-inputs.ts';

/** A next-page cursor an answer gives: a string field named like one, or the `cursor` of its Link rel="next". */
export function cursorOf(exchange: Pick<Exchange, 'json' | 'headers'>): string | undefined {
  const walk = (node: unknown, depth: number): string | undefined => {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || depth > 2) return undefined;
    for (const [name, value] of Object.entries(node)) {
      if (/cursor/i.test(name) && typeof value === 'string' && value !== '') return value;
      const inner = walk(value, depth + 1);
      if (inner) return inner;
    }
    return undefined;
  };
  const link = nextLink(exchange.headers.link);
  return walk(exchange.json, 0) ?? (link ? (new URL(link, 'http://x').searchParams.get('cursor') ?? undefined) : undefined);
}

/** The query that asks for the page after an answer's, as the answer says (its token in each parameter it may go in, or its next URL's query). */
export function continuationQuery(
  exchange: Pick<Exchange, 'json' | 'headers'>,
  sent: Record<string, string>,
): Record<string, string> | undefined {
  const items = listedItems<Record<string, unknown>>(exchange.json);
  const page = { count: items.length, readSoFar: items.length, pageNumber: 1, sent };
  const next = continuationOf(pagingFacts(exchange.json, exchange.headers, sent), page);
  if (next.kind === 'query') return Object.fromEntries(next.moves.map((m) => [m.param, m.value]));
  if (next.kind !== 'url') return undefined;
  let url: URL;
  try {
    url = new URL(next.url, 'http://relative.invalid');
  } catch {
    return undefined;
  }
  const changed = [...url.searchParams].filter(([name, value]) => sent[name] !== value);
  return changed.length > 0 ? Object.fromEntries(changed) : undefined;
}

/** The smallest page a listing takes that can still have a next page (its limit's minimum, at least 2). */
function shortPage(route: Route): Record<string, string> {
  const limit = route.queryParams.find((p) => p.name === 'limit');
  return limit ? { limit: String(Math.max(2, typeof limit.schema.minimum === 'number' ? limit.schema.minimum : 2)) } : {};
}

/** Routes whose answer grants a URL (a presigned upload or download). */
const grantsUrl = (route: Route) => 'url' in propertiesOf(loadContract().doc, { $ref: route.successSchemaRef });

/** What a PUT of a granted upload URL sends (an answer naming its method PUT or POST), from the request and the answer. */
function uploadOf(sent: unknown, granted: { method?: unknown; headers?: unknown; size?: unknown }): { upload?: PresignedUpload } {
  const method = typeof granted.method === 'string' ? granted.method.toUpperCase() : 'GET';
  const size = (sent as { size?: unknown } | undefined)?.size ?? granted.size;
  if (method === 'GET' || method === 'HEAD' || typeof size !== 'number') return {};
  const named = Object.entries(sendableHeaders(granted.headers));
  const isType = ([name]: [string, unknown]) => name.toLowerCase() === 'content-type';
  const type = named.find(isType)?.[1];
  return {
    upload: {
      size,
      contentType: typeof type === 'string' ? type : 'text/plain',
      headers: Object.fromEntries(named.filter((entry) => !isType(entry))),
    },
  };
}

/** One bucket as a key reaching it sees it, and the answers it read. */
async function readBucket(ctx: CheckRun, bucket: BucketRole, fixtures: SharedFixtures, answers: Exchange[]): Promise<BucketSeen> {
  const { settings } = ctx;
  const bucketId = settings.buckets[bucket];
  const seen: BucketSeen = { bucketId, fileIds: [], trashedFileIds: [], paths: [], cursors: {}, presigned: [] };
  // The run's shared test files first: a variant puts the first id it has where an id goes, and these stay put
  // (a faulty server acting on one acts on the run's own file, never on one the run did not make).
  const file = bucket === 'allowed' ? fixtures.allowedFile : fixtures.otherFile;
  if (file) {
    seen.fileIds.push(file.id);
    seen.paths.push(file.path);
  }
  const trashed = bucket === 'other' ? fixtures.foreign?.trashed : undefined;
  if (trashed) seen.trashedFileIds.push(trashed.id);
  const paging = loadRouteTable().filter((r) => r.method === 'GET' && r.bucketScoped && r.queryParams.some((p) => p.name === 'cursor'));
  await Promise.all(
    paging.map(async (route) => {
      const key = pickHarnessKey(settings.keys, [expectedScope(route, settings.overrides)], bucketId);
      if (!key) return;
      const request = callRequest(route, settings, bucket, { query: shortPage(route) }, { key });
      const answer = await ctx.api.send(request).catch(() => undefined);
      if (!answer || !isSuccess(answer.status)) return;
      answers.push(answer);
      const cursor = cursorOf(answer);
      if (cursor) seen.cursors[route.operationId] = cursor;
      const carried = continuationQuery(answer, request.query ?? {});
      if (carried) (seen.continuations ??= {})[route.operationId] = carried;
      const trash = route.pathTemplate.includes('/trash');
      for (const item of listedItems<Record<string, unknown>>(answer.json)) {
        const id = item.fileId ?? (typeof item.path === 'string' ? item.id : undefined);
        if (typeof id !== 'string' && typeof id !== 'number') continue;
        (trash ? seen.trashedFileIds : seen.fileIds).push(String(id));
        if (typeof item.path === 'string' && !trash) seen.paths.push(item.path);
      }
    }),
  );
  if (!settings.readOnly) {
    for (const route of loadRouteTable().filter((r) => r.bucketScoped && grantsUrl(r))) {
      const key = pickHarnessKey(settings.keys, [expectedScope(route, settings.overrides)], bucketId);
      if (!key || !canCreateFixtures(settings)) continue;
      const request = await validRequestOf(ctx, route, bucket, { key }).catch(() => undefined);
      const answer = request ? await ctx.api.send(request).catch(() => undefined) : undefined;
      const granted = (answer?.json ?? {}) as { url?: unknown; method?: unknown; headers?: unknown; size?: unknown };
      const url = granted.url;
      if (!answer || typeof url !== 'string') continue;
      answers.push(answer);
      seen.presigned.push({ operationId: route.operationId, url, ...uploadOf(request?.json, granted) });
    }
  }
  const unique = (list: string[]) => [...new Set(list)];
  return { ...seen, fileIds: unique(seen.fileIds), trashedFileIds: unique(seen.trashedFileIds), paths: unique(seen.paths) };
}

/** A workspace id other than the run's: one the workspace listing shows (read by a harness key), else one no deployment has. */
async function otherWorkspace(ctx: CheckRun, answers: Exchange[]): Promise<string> {
  const route = routeById('listWorkspaces');
  const key = pickHarnessKey(ctx.settings.keys, [expectedScope(route, ctx.settings.overrides)], undefined);
  const answer = key ? await ctx.api.send(callRequest(route, ctx.settings, 'allowed', {}, { key })).catch(() => undefined) : undefined;
  if (answer && isSuccess(answer.status)) answers.push(answer);
  const listed = answer && isSuccess(answer.status) ? listedItems<{ id?: unknown }>(answer.json).map((w) => w.id) : [];
  const other = listed
    .filter((id) => typeof id === 'string' || typeof id === 'number')
    .map(String)
    .find((id) => id !== ctx.settings.workspaceId);
  return other ?? `${ctx.settings.workspaceId}-not-its-workspace`;
}

/** What the run has seen, read once per run; the credentials it holds are redacted in this process from then on. */
export async function runSeen(ctx: CheckRun): Promise<RunSeen> {
  const seen = await ctx.session.shared('operators:seen', () =>
    judgedSetupStep(ctx.session, 'set-up: what operator variants reuse', async () => {
      const answers: Exchange[] = [];
      const fixtures = canCreateFixtures(ctx.settings)
        ? await ctx.session.parts.fixtures(['allowedFile', 'otherFile', 'foreign']).catch(() => ctx.fixtures)
        : ctx.fixtures;
      const allowed = await readBucket(ctx, 'allowed', fixtures, answers);
      const other = await readBucket(ctx, 'other', fixtures, answers);
      const otherWorkspaceId = await otherWorkspace(ctx, answers);
      const tokens = ctx.api.secrets().map((s) => s.token);
      const credentials = [
        ...new Map(answers.flatMap((a) => credentialsSetBy(a.headers, tokens)).map((c) => [`${c.via}:${c.name}`, c])).values(),
      ];
      return { workspaceId: ctx.settings.workspaceId, otherWorkspaceId, allowed, other, credentials } satisfies RunSeen;
    }),
  );
  for (const c of seen.credentials) ctx.api.redact.add?.({ env: credentialLabel(c), token: c.value });
  return seen;
}
