// Puts the files a run borrowed (files already in the bucket, used when the
// deployment took no upload) back as they were found: their tags and
// description, PATCHed to the values the ledger recorded before any check
// changed them. A file the listing shows as it was found needs nothing (a run
// against a server that never took a change leaves no problem behind). A file
// restored is marked cleaned; one that could not be stays pending for a later
// --cleanup and is reported as a cleanup problem.
import { fillPath, isSuccess } from '../../openapi/contract/route-table.ts';
import { routeById } from '../client/request-builder.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { appendLedger, type Pending } from './ledger.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import { readListing } from '../listing/listing-reader.ts';
import type { ShapeBook } from '../listing/shape-book.ts';

/** What restoring needs of the cleanup's target and report. */
interface RestoreTarget {
  workspaceId: string;
  keys: ResolvedKey[];
  send(request: ApiRequest): Promise<Exchange>;
  listingShapes?: ShapeBook;
}

type Borrowed = Pending['borrowed'][number];

const sameTags = (a: unknown, b: string[] | null) =>
  Array.isArray(a) && [...a].map(String).sort().join('\n') === [...(b ?? [])].sort().join('\n');

/** Whether the file is listed as it was found (its tags and description unchanged); false when that cannot be read. */
async function asFound(target: RestoreTarget, entry: Borrowed): Promise<boolean> {
  const route = routeById('listFiles');
  const key = pickHarnessKey(target.keys, [route.scope], entry.bucketId);
  if (!key) return false;
  const path = fillPath(route.pathTemplate, { workspaceId: target.workspaceId, bucketId: entry.bucketId });
  const read = await readListing(target, { method: route.method, path, query: { prefix: entry.path }, auth: { key } }).catch(
    () => undefined,
  );
  const file = read?.items.find((item) => String(item.id) === entry.id);
  if (!file) return false;
  const description = file.description ?? null;
  return sameTags(file.tags ?? [], entry.tags) && description === (entry.description ?? null);
}

/** Restores each borrowed file's tags and description; counts each restored one in `report.restored`. */
export async function restoreBorrowed(
  ledgerPath: string,
  target: RestoreTarget,
  borrowed: Pending['borrowed'],
  report: { restored: number; problems: string[] },
): Promise<void> {
  const route = routeById('updateFile');
  await Promise.all(
    borrowed.map(async (entry) => {
      if (await asFound(target, entry)) {
        appendLedger(ledgerPath, { kind: 'cleaned', id: `borrowed:${entry.id}` });
        return;
      }
      const key = pickHarnessKey(target.keys, [route.scope], entry.bucketId);
      const what = `borrowed file ${entry.id} (${entry.path}) in ${entry.bucketId}`;
      if (!key) {
        report.problems.push(`${what}: its tags and description not put back: no key holding ${route.scope} for that bucket.`);
        return;
      }
      const path = fillPath(route.pathTemplate, { workspaceId: target.workspaceId, bucketId: entry.bucketId, fileId: entry.id });
      const json = { tags: entry.tags ?? [], description: entry.description };
      const status = await target.send({ method: route.method, path, json, auth: { key } }).then(
        (ex) => ex.status,
        (error: Error) => error.message,
      );
      if (typeof status === 'number' && isSuccess(status)) {
        report.restored++;
        appendLedger(ledgerPath, { kind: 'cleaned', id: `borrowed:${entry.id}` });
      } else
        report.problems.push(
          `${what}: putting its tags and description back ${typeof status === 'number' ? `answered ${status}` : `failed: ${status}`}; it stays pending in the ledger.`,
        );
    }),
  );
}
