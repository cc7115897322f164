// Per-worker test files: uploaded under the run prefix on demand, waited for
// until listed, recorded in the ledger, and trashed and purged when the worker ends.
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { ApiClient, ApiRequest } from '../http/api-client.ts';
import { HarnessError } from '../http/api-client.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { cleanupLedger, type CleanupReport } from '../ledger/cleanup.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import {
  callRequest,
  isSuccess,
  routeById,
  type BucketRole,
  type JsonBody,
  type OperationCall,
  type OperationId,
} from '../checks/request-builder.ts';
import { waitForFile } from '../checks/read-back.ts';
import type { DisposableFiles, FixtureFile } from '../plan/fixture-types.ts';
import { uploadBytes } from '../checks/upload.ts';
import { runFiles } from './run-files.ts';

export interface WorkerFiles extends DisposableFiles {
  /** Removes every file this worker created. */
  cleanup(): Promise<CleanupReport>;
}

/** The key with the most scopes holding the scopes in the bucket, or a HarnessError naming what is missing. */
export function requireHarnessKey(settings: RunSettings, scopes: string[], bucket?: BucketRole): string {
  const key = pickHarnessKey(settings.keys, scopes, bucket ? settings.buckets[bucket] : undefined);
  if (!key)
    throw new HarnessError(`No configured key holds ${scopes.join(' + ')}${bucket ? ` for bucket ${settings.buckets[bucket]}` : ''}.`);
  return key;
}

/** Waits (bounded by overrides.uploadVisibleWithinMs) until a new file is listed, when a key can list the bucket. */
async function untilListed(api: ApiClient, settings: RunSettings, bucket: BucketRole, path: string): Promise<void> {
  const key = pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets[bucket]);
  if (!key) return;
  const withinMs = overrideOf(settings.overrides, 'uploadVisibleWithinMs');
  if (!(await waitForFile(api, settings, key, bucket, path, withinMs)))
    throw new HarnessError(`set-up: ${path} was not listed within ${withinMs} ms of its upload (overrides.uploadVisibleWithinMs)`);
}

/** Sends a harness request that must be answered 2xx (any 2xx: the seed states no success code). */
async function harnessCall(api: ApiClient, request: ApiRequest, what: string): Promise<void> {
  const ex = await api.send(request);
  if (!isSuccess(ex.status)) throw new HarnessError(`set-up: ${what} answered ${ex.status}`);
}

/** Creates a worker's disposable-file service; `unique` names each file. */
export function createWorkerFiles(api: ApiClient, settings: RunSettings, worker: number, unique: () => string): WorkerFiles {
  const ledger = runFiles(settings.runDir).ledger;
  const mine = new Set<string>();
  const adopt = async (bucket: BucketRole, fileId: string, path: string) => {
    if (!fileId) return;
    mine.add(fileId);
    appendLedger(ledger, { kind: 'file', bucketId: settings.buckets[bucket], id: fileId, path });
  };
  const key = (operationId: OperationId, bucket: BucketRole) => requireHarnessKey(settings, [routeById(operationId).scope], bucket);
  return {
    adopt,
    async create(bucket, options = {}): Promise<FixtureFile> {
      const path = options.path ?? `${settings.runPrefix}w${worker}/${unique()}.txt`;
      const content = `bucketkit test file ${path}\n`;
      const up = await uploadBytes(api, settings, key('presignUpload', bucket), bucket, path, content);
      await adopt(bucket, up.fileId, path);
      // The seed does not say when an upload shows: wait before acting on the file.
      await untilListed(api, settings, bucket, path);
      const changes: JsonBody<'updateFile'> = {};
      if (options.tags) changes.tags = options.tags;
      if (options.description !== undefined) changes.description = options.description;
      if (Object.keys(changes).length) {
        const call: OperationCall<'updateFile'> = { fileId: up.fileId, json: changes };
        await harnessCall(
          api,
          callRequest(routeById('updateFile'), settings, bucket, call, { key: key('updateFile', bucket) }),
          `describing ${path}`,
        );
      }
      if (options.trashed) {
        const call: OperationCall<'trashFiles'> = { json: { fileIds: [up.fileId] } };
        await harnessCall(
          api,
          callRequest(routeById('trashFiles'), settings, bucket, call, { key: key('trashFiles', bucket) }),
          `trashing ${path}`,
        );
      }
      return {
        id: up.fileId,
        bucketId: settings.buckets[bucket],
        path,
        tags: options.tags ?? [],
        description: options.description ?? null,
        content,
      };
    },
    cleanup: () =>
      cleanupLedger(
        ledger,
        { workspaceId: settings.workspaceId, keys: settings.keys, send: (r) => api.send(r) },
        { only: mine, keepForRepro: true },
      ),
  };
}
