// Per-worker test files: uploaded under the run prefix on demand, recorded in
// the ledger, and trashed and purged when the worker ends.
import type { RunSettings } from '../config/config-types.ts';
import type { ApiClient } from '../http/api-client.ts';
import { HarnessError } from '../http/api-client.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { cleanupLedger, type CleanupReport } from '../ledger/cleanup.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { callRequest, routeById, type BucketRole } from '../checks/request-builder.ts';
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

/** Creates a worker's disposable-file service; `unique` names each file. */
export function createWorkerFiles(api: ApiClient, settings: RunSettings, worker: number, unique: () => string): WorkerFiles {
  const ledger = runFiles(settings.runDir).ledger;
  const mine = new Set<string>();
  const adopt = async (bucket: BucketRole, fileId: string, path: string) => {
    if (!fileId) return;
    mine.add(fileId);
    appendLedger(ledger, { kind: 'file', bucketId: settings.buckets[bucket], id: fileId, path });
  };
  return {
    adopt,
    async create(bucket, options = {}): Promise<FixtureFile> {
      const path = options.path ?? `${settings.runPrefix}w${worker}/${unique()}.txt`;
      const content = `bucketkit test file ${path}\n`;
      const upload = routeById('presignUpload');
      const up = await uploadBytes(api, settings, requireHarnessKey(settings, [upload.scope], bucket), bucket, path, content);
      await adopt(bucket, up.fileId, path);
      if (options.tags) {
        const update = routeById('updateFile');
        const ex = await api.send(
          callRequest(
            update,
            settings,
            bucket,
            { fileId: up.fileId, json: { tags: options.tags } },
            { key: requireHarnessKey(settings, [update.scope], bucket) },
          ),
        );
        if (ex.status !== 200) throw new HarnessError(`set-up: tagging ${path} answered ${ex.status}`);
      }
      if (options.trashed) {
        const trash = routeById('trashFiles');
        const ex = await api.send(
          callRequest(
            trash,
            settings,
            bucket,
            { json: { fileIds: [up.fileId] } },
            { key: requireHarnessKey(settings, [trash.scope], bucket) },
          ),
        );
        if (ex.status !== 200) throw new HarnessError(`set-up: trashing ${path} answered ${ex.status}`);
      }
      return { id: up.fileId, bucketId: settings.buckets[bucket], path, tags: options.tags ?? [], description: null, content };
    },
    cleanup: () =>
      cleanupLedger(
        ledger,
        { workspaceId: settings.workspaceId, keys: settings.keys, send: (r) => api.send(r) },
        { only: mine, keepForRepro: true },
      ),
  };
}
