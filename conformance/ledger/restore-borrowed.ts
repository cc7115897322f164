// Puts the files a run borrowed (files already in the bucket, used when the
// deployment took no upload) back as they were found: their tags and
// description, PATCHed to the values the ledger recorded before any check
// changed them. A file restored is marked cleaned; one that could not be stays
// pending for a later --cleanup and is reported as a cleanup problem.
import { fillPath, isSuccess } from '../../openapi/contract/route-table.ts';
import { routeById } from '../client/request-builder.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { appendLedger, type Pending } from './ledger.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';

/** What restoring needs of the cleanup's target and report. */
interface RestoreTarget {
  workspaceId: string;
  keys: ResolvedKey[];
  send(request: ApiRequest): Promise<Exchange>;
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
