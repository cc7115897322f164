// How the books' mass-assignment cases tell whether a write applied a
// property its body does not offer: the valid call with the properties added,
// then read-backs of a change beyond the write's own effect (a file's fields,
// a record's ids and times) or of anything of the run's showing in the other
// bucket.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { fileAt, listHas, readBody, readPages, type ListedFile } from '../client/read-back.ts';
import { routeById, routePath, type BucketRole, type OperationCall, type OperationId } from '../client/request-builder.ts';
import { presignedUrl, putBytes, type PresignAnswer } from '../client/upload.ts';
import { loadContract, serverSetFieldsOf, type Schema } from '../operators/contract-fields.ts';
import type { MassAttempt, MassCase } from './operation-book.ts';

/** A record as a listing or a read shows it. */
type Shown = Record<string, unknown>;

/** The fields only a server sets on a file, as the contract's file record says (operators/contract-fields.ts). */
export const fileServerFields = (): [string, Schema][] => serverSetFieldsOf(loadContract(), routeById('listFiles'));

/** A file's server-set fields no write here may change: its path is judged apart (a move changes it), its update time moves with any write. */
const fileFixed = (): string[] => fileServerFields().flatMap(([name]) => (name === 'path' || name === 'updatedAt' ? [] : [name]));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The first of the body's protected fields the record shows with the body's value: the server took it from the body. */
function tookFromBody(shown: Shown | undefined, extra: Shown): string | undefined {
  const field = Object.keys(extra).find((f) => shown?.[f] !== undefined && same(shown[f], extra[f]));
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
  const ours = (f: ListedFile) => ids.includes(String(f.id)) || paths.includes(f.path);
  const { items } = await readPages<ListedFile>(ctx.api, request, { operationId: 'listFiles', until: (all) => all.some(ours) });
  const found = items.find(ours);
  if (!found) return undefined;
  await ctx.files.adopt('other', String(found.id), found.path);
  return `bucket ${ctx.settings.buckets.other} lists it (${found.id} at ${found.path})`;
}

/** A book's valid call, which the mass-assignment case sends with the protected properties added. */
type Valid<K extends OperationId> = (ctx: CheckRun, bucket: BucketRole) => Promise<OperationCall<K>>;

/** A file PATCH or move: the file stays in the allowed bucket, at `paths` (its own, or where a move puts it), its other fields unchanged. */
export function fileMass<K extends 'updateFile' | 'moveFiles'>(
  valid: Valid<K>,
  paths: (call: OperationCall<K>) => string[],
  reads: OperationId,
): MassCase {
  const attempt = async (ctx: CheckRun, extra: Shown): Promise<MassAttempt> => {
    const call = await valid(ctx, 'allowed');
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
          return taken !== undefined && String(taken.id) === String(subject.id)
            ? `it moved to ${extra.path}, the path in the request body`
            : undefined;
        }
        const field = fileFixed().find((f) => before?.[f] !== undefined && !same(before[f], now![f]));
        return field && `its ${field} went from ${JSON.stringify(before![field])} to ${JSON.stringify(now[field])}`;
      },
      lost: () => (now ? undefined : `bucket ${ctx.settings.buckets.allowed} no longer lists it at ${allowedPaths.join(' or ')}`),
    };
  };
  return { attempt, reads };
}

/** An upload: presigned with the protected properties, then its bytes sent; it must not land in the other bucket. */
export function uploadMass(valid: Valid<'presignUpload'>, reads: OperationId): MassCase {
  return { attempt: (ctx, extra) => uploadAttempt(ctx, extra, valid), reads };
}

async function uploadAttempt(ctx: CheckRun, extra: Shown, valid: Valid<'presignUpload'>): Promise<MassAttempt> {
  const call = await valid(ctx, 'allowed');
  const { path, size } = call.json!;
  let fileId: string | undefined;
  return {
    call: { ...call, json: { ...extra, ...call.json } as OperationCall['json'] },
    async answered(ex) {
      const answer = (ex.json ?? {}) as PresignAnswer;
      const url = presignedUrl(answer);
      if (!isSuccess(ex.status) || !url) return;
      fileId = answer.fileId === undefined ? undefined : String(answer.fileId);
      await ctx.files.adopt('allowed', fileId ?? '', path);
      await putBytes(ctx.api, { ...answer, url }, Buffer.alloc(size, 'x'));
    },
    async drift() {
      const landed = await inOtherBucket(ctx, fileId ? [fileId] : [], [path]);
      if (landed) return landed;
      const shown = (await fileAt(ctx, 'allowed', path)) as Shown | undefined;
      return tookFromBody(shown, extra);
    },
  };
}

/** Finds, in a bucket, the record holding a text (read with a harness key). */
export type Finder = (ctx: CheckRun, bucket: BucketRole, holds: (item: unknown) => boolean) => Promise<Shown | undefined>;

/** The first item of a listing (every page) that holds the text. */
export const inListing =
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
export const inBody =
  (operationId: OperationId): Finder =>
  async (ctx, bucket, holds) => {
    const body = (await readBody(ctx, operationId, bucket)) as Shown;
    return holds(body) ? body : undefined;
  };

/**
 * A record the write creates or changes, found by the unique text the book's valid call puts in it (an automation's name, a
 * suggestion's reason, the intelligence instructions): the other bucket must not show it, and the allowed bucket's
 * copy must not carry the body's ids, times, status or bucket.
 */
export function recordMass<K extends OperationId>(
  valid: Valid<K>,
  find: Finder,
  markerOf: (json: Shown) => string,
  reads: OperationId,
): MassCase {
  const attempt = async (ctx: CheckRun, extra: Shown): Promise<MassAttempt> => {
    const call = await valid(ctx, 'allowed');
    const marker = markerOf(call.json as Shown);
    const holds = (item: unknown) => (JSON.stringify(item) ?? '').includes(marker);
    return {
      call: { ...call, json: { ...extra, ...(call.json as Shown) } as OperationCall['json'] },
      async drift() {
        if (await find(ctx, 'other', holds)) return `bucket ${ctx.settings.buckets.other} shows "${marker}"`;
        return tookFromBody(await find(ctx, 'allowed', holds), extra);
      },
    };
  };
  return { attempt, reads };
}
