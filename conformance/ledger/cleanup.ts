// Undoes what a ledger records: trashes and purges the run's files, restores
// intelligence instructions and borrowed files' tags and description, and lists what the API offers no way to delete.
// A file counts as cleaned only when the purge names it or a read-back shows it
// gone; any other stays pending in the ledger for a later --cleanup and is reported.
// Problems are reported as cleanup problems, never as conformance failures.
import type { ResolvedKey } from '../config/config-types.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import { routeById, type OperationId } from '../client/request-builder.ts';
import { fillPath, isSuccess } from '../../openapi/contract/route-table.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { whereabouts } from './cleanup-read-back.ts';
import type { ShapeBook } from '../listing/shape-book.ts';
import { appendLedger, pendingEntries, readLedger, type Pending } from './ledger.ts';
import { restoreBorrowed } from './restore-borrowed.ts';

export interface CleanupReport {
  removed: number;
  restored: number;
  /** Resources left in place because no route deletes them. */
  kept: string[];
  problems: string[];
  /** Ids of the files not removed: they stay pending in the ledger, so a later --cleanup retries them. */
  left?: string[];
}

export interface CleanupTarget {
  workspaceId: string;
  keys: ResolvedKey[];
  send(request: ApiRequest): Promise<Exchange>;
  /** The listing shapes the run learned, for the read-backs (a --cleanup learns its own). */
  listingShapes?: ShapeBook;
}

function pathOf(operationId: OperationId, workspaceId: string, bucketId: string): { method: string; path: string; scope: string } {
  const route = routeById(operationId);
  return { method: route.method, path: fillPath(route.pathTemplate, { workspaceId, bucketId }), scope: route.scope };
}

export interface CleanupScope {
  /** Only these file ids (a worker cleans only its own files); the final cleanup takes everything. */
  only?: Set<string>;
  /** Leave the files that failing checks' reproduction commands name (the run's own cleanups); `--cleanup` removes them. */
  keepForRepro?: boolean;
}

type LedgerFile = Pending['files'][number];
type Report = Required<CleanupReport>;

/** The ids a 2xx purge answer names as purged (ids or objects with one); every id when it names none. */
function purgedBy(ex: Exchange, ids: string[]): Set<string> {
  if (!isSuccess(ex.status)) return new Set();
  const purged = (ex.json as { purged?: unknown } | undefined)?.purged;
  if (!Array.isArray(purged)) return new Set(ids);
  const idOf = (p: unknown) =>
    typeof p === 'string' || typeof p === 'number' ? p : ((p as { id?: unknown } | null)?.id ?? (p as { fileId?: unknown } | null)?.fileId);
  // Ids as strings or, from a server with numeric ids, as JSON numbers (the ledger holds their digits).
  const named = purged.map(idOf).filter((id): id is string | number => typeof id === 'string' || typeof id === 'number');
  return new Set(named.map(String));
}

/** Trashes and purges the files of one bucket; returns the files whose purge was not confirmed, with what was answered. */
async function purgeBucket(ledgerPath: string, target: CleanupTarget, bucketId: string, files: LedgerFile[], report: Report) {
  const trash = pathOf('trashFiles', target.workspaceId, bucketId);
  const purge = pathOf('updateTrash', target.workspaceId, bucketId);
  const trashKey = pickHarnessKey(target.keys, [trash.scope], bucketId);
  const purgeKey = pickHarnessKey(target.keys, [purge.scope], bucketId);
  if (!trashKey || !purgeKey) {
    report.problems.push(
      `${files.length} file(s) in ${bucketId} not removed: no key holding ${trash.scope} and ${purge.scope} for that bucket; they stay pending in the ledger.`,
    );
    report.left.push(...files.map((f) => f.id));
    return [];
  }
  const unconfirmed: { file: LedgerFile; answered: number }[] = [];
  const cleaned = (id: string) => {
    report.removed++;
    appendLedger(ledgerPath, { kind: 'cleaned', id });
  };
  const purgeOf = (ids: string[]) => target.send({ method: purge.method, path: purge.path, json: { purge: ids }, auth: { key: purgeKey } });
  for (let i = 0; i < files.length; i += 100) {
    const batch = files.slice(i, i + 100);
    // Trash each file alone (one already trashed or moved must not block the others), all at once: the client
    // bounds how many are in flight, and a slow deployment must not cost a round trip per file in a row.
    await Promise.all(
      batch.map((f) => target.send({ method: trash.method, path: trash.path, json: { fileIds: [f.id] }, auth: { key: trashKey } })),
    );
    const ex = await purgeOf(batch.map((f) => f.id));
    if (isSuccess(ex.status)) {
      const purged = purgedBy(
        ex,
        batch.map((f) => f.id),
      );
      for (const f of batch)
        if (purged.has(f.id)) cleaned(f.id);
        else unconfirmed.push({ file: f, answered: ex.status });
      continue;
    }
    // A purge naming one unknown id may refuse the batch: retry one by one (all at once).
    const answers = await Promise.all(batch.map(async (f) => ({ f, one: await purgeOf([f.id]) })));
    for (const { f, one } of answers) {
      if (purgedBy(one, [f.id]).has(f.id)) cleaned(f.id);
      else if (isSuccess(one.status) || one.status === 404) unconfirmed.push({ file: f, answered: one.status });
      else {
        report.problems.push(`file ${f.id} (${f.path}) in ${bucketId}: purge answered ${one.status}; it stays pending in the ledger.`);
        report.left.push(f.id);
      }
    }
  }
  return unconfirmed;
}

/** Reads back the files whose purge was not confirmed: gone ones are cleaned, the others reported and left pending. */
async function confirmGone(
  ledgerPath: string,
  target: CleanupTarget,
  bucketId: string,
  files: { file: LedgerFile; answered: number }[],
  report: Report,
) {
  if (!files.length) return;
  const where = await whereabouts(
    target,
    bucketId,
    files.map((f) => f.file),
  );
  for (const { file, answered } of files) {
    const found = where.get(file.id)!;
    const said = `purge answered ${answered}${answered === 404 ? '' : ' without naming it'}`;
    if (found.at === 'gone') {
      appendLedger(ledgerPath, { kind: 'cleaned', id: file.id });
      continue;
    }
    const why =
      found.at === 'trash'
        ? 'it is still in the trash'
        : found.at === 'listed'
          ? 'it is still listed'
          : `whether it is gone could not be read back (${found.why})`;
    report.problems.push(`file ${file.id} (${file.path}) in ${bucketId}: ${said}, and ${why}; it stays pending in the ledger.`);
    report.left.push(file.id);
  }
}

/** Cleans up every pending entry of the ledger and records what was cleaned. */
export async function cleanupLedger(ledgerPath: string, target: CleanupTarget, scope: CleanupScope = {}): Promise<Report> {
  const report: Report = { removed: 0, restored: 0, kept: [], problems: [], left: [] };
  const all = pendingEntries(readLedger(ledgerPath));
  const { only, keepForRepro = false } = scope;
  let files = only ? all.files.filter((f) => only.has(f.id)) : all.files;
  if (keepForRepro) {
    for (const f of files.filter((file) => all.keptFor.has(file.id))) {
      report.kept.push(
        `file ${f.id} (${f.path}) in ${f.bucketId}: kept so that the reproduction command of ${all.keptFor.get(f.id)!.join(', ')} still finds it; remove it with bucketkit conformance --cleanup ${ledgerPath}`,
      );
    }
    files = files.filter((f) => !all.keptFor.has(f.id));
  }
  const pending = only ? { files, created: [], intelligence: [], borrowed: [] } : { ...all, files };
  const byBucket = new Map<string, LedgerFile[]>();
  for (const f of pending.files) byBucket.set(f.bucketId, [...(byBucket.get(f.bucketId) ?? []), f]);
  // The buckets at once, too (each bucket's own purge follows its trash).
  await Promise.all(
    [...byBucket].map(async ([bucketId, bucketFiles]) => {
      const done = report.removed;
      try {
        await confirmGone(ledgerPath, target, bucketId, await purgeBucket(ledgerPath, target, bucketId, bucketFiles, report), report);
      } catch (error) {
        // No answer (or rate limited past the caps): what is not cleaned yet stays pending.
        const stillPending = new Set(pendingEntries(readLedger(ledgerPath)).files.map((f) => f.id));
        const stuck = bucketFiles.filter((f) => stillPending.has(f.id) && !report.left.includes(f.id));
        report.problems.push(
          `${stuck.length} file(s) in ${bucketId} not removed (${report.removed - done} were): ${(error as Error).message}`,
        );
        report.left.push(...stuck.map((f) => f.id));
      }
    }),
  );
  await restoreBorrowed(ledgerPath, target, pending.borrowed, report);
  for (const entry of pending.intelligence) {
    const update = pathOf('updateIntelligence', target.workspaceId, entry.bucketId);
    const key = pickHarnessKey(target.keys, [update.scope], entry.bucketId);
    if (!key) {
      report.problems.push(`intelligence of ${entry.bucketId} not restored: no key holding ${update.scope}.`);
      continue;
    }
    const request = { method: update.method, path: update.path, json: { instructions: entry.instructions }, auth: { key } };
    const status = await target.send(request).then(
      (ex) => ex.status,
      (error: Error) => error.message,
    );
    if (typeof status === 'number' && isSuccess(status)) {
      report.restored++;
      appendLedger(ledgerPath, { kind: 'cleaned', id: `intelligence:${entry.bucketId}` });
    } else
      report.problems.push(
        `intelligence of ${entry.bucketId}: restoring instructions ${typeof status === 'number' ? `answered ${status}` : `failed: ${status}`}.`,
      );
  }
  for (const entry of pending.created)
    report.kept.push(
      `${entry.id} (${entry.by}): the API has no route that deletes it; it is named after the run and disabled where possible`,
    );
  return report;
}
