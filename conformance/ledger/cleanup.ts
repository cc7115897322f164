// Undoes what a ledger records: trashes and purges the run's files, restores
// intelligence instructions, and lists what the API offers no way to delete.
// Problems are reported as cleanup problems, never as conformance failures.
import type { ResolvedKey } from '../config/config-types.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import { routeById, type OperationId } from '../checks/request-builder.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { appendLedger, pendingEntries, readLedger } from './ledger.ts';

export interface CleanupReport {
  removed: number;
  restored: number;
  /** Resources left in place because no route deletes them. */
  kept: string[];
  problems: string[];
}

export interface CleanupTarget {
  workspaceId: string;
  keys: ResolvedKey[];
  send(request: ApiRequest): Promise<Exchange>;
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

/** Cleans up every pending entry of the ledger and records what was cleaned. */
export async function cleanupLedger(ledgerPath: string, target: CleanupTarget, scope: CleanupScope = {}): Promise<CleanupReport> {
  const report: CleanupReport = { removed: 0, restored: 0, kept: [], problems: [] };
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
  const pending = only ? { files, created: [], intelligence: [] } : { ...all, files };
  const byBucket = new Map<string, string[]>();
  for (const f of pending.files) byBucket.set(f.bucketId, [...(byBucket.get(f.bucketId) ?? []), f.id]);
  for (const [bucketId, ids] of byBucket) {
    const trash = pathOf('trashFiles', target.workspaceId, bucketId);
    const purge = pathOf('updateTrash', target.workspaceId, bucketId);
    const trashKey = pickHarnessKey(target.keys, [trash.scope], bucketId);
    const purgeKey = pickHarnessKey(target.keys, [purge.scope], bucketId);
    if (!trashKey || !purgeKey) {
      report.problems.push(
        `${ids.length} file(s) in ${bucketId} not removed: no key holding ${trash.scope} and ${purge.scope} for that bucket.`,
      );
      continue;
    }
    for (let i = 0; i < ids.length; i += 100) {
      const batch = ids.slice(i, i + 100);
      // Trash each file alone: one already trashed or moved must not block the others.
      for (const id of batch)
        await target.send({ method: trash.method, path: trash.path, json: { fileIds: [id] }, auth: { key: trashKey } });
      const ex = await target.send({ method: purge.method, path: purge.path, json: { purge: batch }, auth: { key: purgeKey } });
      if (ex.status >= 200 && ex.status < 300) {
        const purged = new Set((ex.json as { purged?: string[] } | undefined)?.purged ?? batch);
        for (const id of batch) {
          if (purged.has(id)) {
            report.removed++;
            appendLedger(ledgerPath, { kind: 'cleaned', id });
          }
        }
      } else {
        // A purge naming one unknown id may refuse the batch: retry one by one.
        for (const id of batch) {
          const one = await target.send({ method: purge.method, path: purge.path, json: { purge: [id] }, auth: { key: purgeKey } });
          if (one.status >= 200 && one.status < 300) {
            report.removed++;
            appendLedger(ledgerPath, { kind: 'cleaned', id });
          } else if (one.status !== 404) report.problems.push(`file ${id} in ${bucketId}: purge answered ${one.status}.`);
          else appendLedger(ledgerPath, { kind: 'cleaned', id });
        }
      }
    }
  }
  for (const entry of pending.intelligence) {
    const update = pathOf('updateIntelligence', target.workspaceId, entry.bucketId);
    const key = pickHarnessKey(target.keys, [update.scope], entry.bucketId);
    if (!key) {
      report.problems.push(`intelligence of ${entry.bucketId} not restored: no key holding ${update.scope}.`);
      continue;
    }
    const ex = await target.send({ method: update.method, path: update.path, json: { instructions: entry.instructions }, auth: { key } });
    if (ex.status >= 200 && ex.status < 300) {
      report.restored++;
      appendLedger(ledgerPath, { kind: 'cleaned', id: `intelligence:${entry.bucketId}` });
    } else report.problems.push(`intelligence of ${entry.bucketId}: restoring instructions answered ${ex.status}.`);
  }
  for (const entry of pending.created)
    report.kept.push(
      `${entry.id} (${entry.by}): the API has no route that deletes it; it is named after the run and disabled where possible`,
    );
  return report;
}
