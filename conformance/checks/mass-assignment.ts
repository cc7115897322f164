// What each writing route is sent with properties it does not offer (ids,
// bucketId, workspaceId, path, size, status, times) and how a read-back tells
// whether the server applied any of them: a change beyond the write's own
// effect, or anything of the run's showing in the other bucket.
import type { Route } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';
import type { Exchange } from '../http/api-client.ts';
import type { CheckRun } from '../plan/check-types.ts';
import { scenarioFor } from './operations.ts';
import { fileAt, listHas, readBody, readPages, type ListedFile } from './read-back.ts';
import { isSuccess, routeById, routePath, type BucketRole, type OperationCall, type OperationId } from './request-builder.ts';
import { putBytes, type PresignAnswer } from './upload.ts';

/** A record as a listing or a read shows it. */
type Shown = Record<string, unknown>;

/** One mass-assignment attempt: the call, then read-backs of what it must not have changed. */
export interface MassAttempt {
  call: OperationCall;
  /** A change beyond the write's own effect, or undefined; polled within the consistency window. */
  drift(): Promise<string | undefined>;
  /** After the window: what the allowed bucket no longer holds, or undefined. */
  lost?(): string | undefined;
  /** Runs once the answer is in (an upload's bytes follow a served presign). */
  answered?(ex: Exchange): Promise<void>;
}

type MassCase = (ctx: CheckRun, extra: Shown) => Promise<MassAttempt>;

/** The protected properties, with values no server would choose itself, so a read-back can tell them. */
export function protectedProperties(ctx: CheckRun): Shown {
  const u = ctx.unique();
  return {
    id: `bucketkit_mass_${u}`,
    bucketId: ctx.settings.buckets.other,
    workspaceId: ctx.settings.workspaceId,
    path: `${ctx.settings.runPrefix}mass/${u}/taken.txt`,
    size: 1,
    status: 'trashed',
    createdAt: '2001-02-03T04:05:06Z',
    updatedAt: '2001-02-03T04:05:06Z',
    name: 'taken.txt',
    contentType: 'application/x-bucketkit-mass',
  };
}

/** The protected properties a route's body does not offer (its request schema's own fields are left out). */
export function protectedFor(route: Route): string[] {
  const ref = route.requestBody && { $ref: route.requestBody.schemaRef };
  const offered = ref ? Object.keys(resolveRef<{ properties?: object }>(loadBundledSpec(), ref).properties ?? {}) : [];
  return ['id', 'bucketId', 'workspaceId', 'path', 'size', 'status', 'createdAt', 'updatedAt', 'name', 'contentType'].filter(
    (name) => !offered.includes(name),
  );
}

/** A file's fields that no write here may change (the path is judged apart: a move changes it). */
const FILE_FIXED = ['id', 'bucketId', 'workspaceId', 'size', 'status', 'createdAt', 'contentType', 'name'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The first of `fields` the record shows with the body's value: the server took it from the body. */
function tookFromBody(shown: Shown | undefined, extra: Shown, fields: string[]): string | undefined {
  const field = fields.find((f) => shown?.[f] !== undefined && same(shown[f], extra[f]));
  return field && `it shows ${field} ${JSON.stringify(extra[field])}, taken from the request body`;
}

/** Whether the other bucket lists a file of the run by id or at one of the paths; adopts it there for the cleanup. */
async function inOtherBucket(ctx: CheckRun, ids: string[], paths: string[]): Promise<string | undefined> {
  const route = routeById('listFiles');
  const key = ctx.harnessKey([route.scope], 'other');
  const request = {
    method: route.method,
    path: routePath(route, ctx.settings, 'other'),
    query: { prefix: ctx.settings.runPrefix },
    auth: { key },
  };
  const ours = (f: ListedFile) => ids.includes(f.id) || paths.includes(f.path);
  const { items } = await readPages<ListedFile>(ctx.api, request, { operationId: 'listFiles', until: (all) => all.some(ours) });
  const found = items.find(ours);
  if (!found) return undefined;
  await ctx.files.adopt('other', found.id, found.path);
  return `bucket ${ctx.settings.buckets.other} lists it (${found.id} at ${found.path})`;
}

/** A file PATCH or move: the file stays in the allowed bucket, at `paths` (its own, or where a move puts it), its other fields unchanged. */
function fileCase<K extends 'updateFile' | 'moveFiles'>(operationId: K, paths: (call: OperationCall<K>) => string[]): MassCase {
  return async (ctx, extra) => {
    const call = (await scenarioFor(routeById(operationId)).valid(ctx, 'allowed')) as OperationCall<K>;
    const subject = call.subject!;
    const before = (await fileAt(ctx, 'allowed', subject.path)) as Shown | undefined;
    const allowedPaths = paths(call);
    let now: Shown | undefined;
    return {
      call: { ...call, json: { ...extra, ...call.json } as OperationCall['json'] },
      async drift() {
        const moved = await inOtherBucket(ctx, [subject.id], [subject.path, extra.path as string]);
        if (moved) return moved;
        now = undefined;
        for (const path of allowedPaths) now ??= (await fileAt(ctx, 'allowed', path)) as Shown | undefined;
        if (!now) {
          const taken = await fileAt(ctx, 'allowed', extra.path as string);
          return taken?.id === subject.id ? `it moved to ${extra.path}, the path in the request body` : undefined;
        }
        const field = FILE_FIXED.find((f) => before?.[f] !== undefined && !same(before[f], now![f]));
        return field && `its ${field} went from ${JSON.stringify(before![field])} to ${JSON.stringify(now[field])}`;
      },
      lost: () => (now ? undefined : `bucket ${ctx.settings.buckets.allowed} no longer lists it at ${allowedPaths.join(' or ')}`),
    };
  };
}

/** An upload: presigned with the protected properties, then its bytes sent; it must not land in the other bucket. */
const uploadCase: MassCase = async (ctx, extra) => {
  const call = (await scenarioFor(routeById('presignUpload')).valid(ctx, 'allowed')) as OperationCall<'presignUpload'>;
  const { path, size } = call.json!;
  let fileId: string | undefined;
  return {
    call: { ...call, json: { ...extra, ...call.json } as OperationCall['json'] },
    async answered(ex) {
      const answer = (ex.json ?? {}) as PresignAnswer;
      if (!isSuccess(ex.status) || !answer.url) return;
      fileId = answer.fileId;
      await ctx.files.adopt('allowed', fileId ?? '', path);
      await putBytes(ctx.api, { ...answer, url: answer.url }, Buffer.alloc(size, 'x'));
    },
    async drift() {
      const landed = await inOtherBucket(ctx, fileId ? [fileId] : [], [path]);
      if (landed) return landed;
      const shown = (await fileAt(ctx, 'allowed', path)) as Shown | undefined;
      return tookFromBody(shown, extra, ['id', 'bucketId', 'status', 'createdAt', 'updatedAt']);
    },
  };
};

/** Finds, in a bucket, the record holding a text (read with a harness key). */
type Finder = (ctx: CheckRun, bucket: BucketRole, holds: (item: unknown) => boolean) => Promise<Shown | undefined>;

/** The first item of a listing (every page) that holds the text. */
const inListing =
  (operationId: OperationId): Finder =>
  async (ctx, bucket, holds) => {
    let found: Shown | undefined;
    await listHas<Shown>(ctx, operationId, bucket, (item) => {
      if (holds(item)) found = item;
      return found !== undefined;
    });
    return found;
  };

/** A single resource's body, when it holds the text. */
const inBody =
  (operationId: OperationId): Finder =>
  async (ctx, bucket, holds) => {
    const body = (await readBody(ctx, operationId, bucket)) as Shown;
    return holds(body) ? body : undefined;
  };

/**
 * A record the write creates or changes, found by the unique text the scenario puts in it (an automation's name, a
 * suggestion's reason, the intelligence instructions): the other bucket must not show it, and the allowed bucket's
 * copy must not carry the body's ids, times, status or bucket.
 */
function recordCase(operationId: OperationId, find: Finder, markerOf: (json: Shown) => string): MassCase {
  return async (ctx, extra) => {
    const call = await scenarioFor(routeById(operationId)).valid(ctx, 'allowed');
    const marker = markerOf(call.json as Shown);
    const holds = (item: unknown) => (JSON.stringify(item) ?? '').includes(marker);
    return {
      call: { ...call, json: { ...extra, ...(call.json as Shown) } as OperationCall['json'] },
      async drift() {
        if (await find(ctx, 'other', holds)) return `bucket ${ctx.settings.buckets.other} shows "${marker}"`;
        return tookFromBody(await find(ctx, 'allowed', holds), extra, ['id', 'bucketId', 'status', 'createdAt', 'updatedAt']);
      },
    };
  };
}

/** The mass-assignment case of each writing route where one makes sense, and the route its read-back reads. */
export const MASS_CASES: Partial<Record<OperationId, { attempt: MassCase; reads: OperationId }>> = {
  updateFile: { attempt: fileCase('updateFile', (call) => [call.subject!.path]), reads: 'listFiles' },
  moveFiles: {
    attempt: fileCase('moveFiles', (call) => {
      const { path } = call.subject!;
      return [path, `${call.json!.destination.prefix}${path.slice(path.lastIndexOf('/') + 1)}`];
    }),
    reads: 'listFiles',
  },
  presignUpload: { attempt: uploadCase, reads: 'listFiles' },
  updateIntelligence: {
    attempt: recordCase('updateIntelligence', inBody('getIntelligence'), (j) => String(j.instructions)),
    reads: 'getIntelligence',
  },
  createAutomation: {
    attempt: recordCase('createAutomation', inListing('listAutomations'), (j) => String(j.name)),
    reads: 'listAutomations',
  },
  createSuggestion: {
    attempt: recordCase('createSuggestion', inListing('listSuggestions'), (j) => String(j.reason)),
    reads: 'listSuggestions',
  },
};
