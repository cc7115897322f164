// The run's test files: uploaded under the run prefix on demand, waited for
// until the listing shows them (and their tags, or their absence once
// trashed) within the consistency window, recorded in the ledger, and removed
// by the cleanup at the end of the run.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { ApiRequest } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { callRequest, routeById, type BucketRole, type JsonBody, type OperationId } from '../client/request-builder.ts';
import { findFile, pollUntil } from '../client/read-back.ts';
import type { DisposableFiles, FixtureFile } from '../plan/fixture-types.ts';
import { uploadBytes } from '../client/upload.ts';
import { runFiles } from './run-files.ts';
import { currentAttribution } from '../run/attribution.ts';
import { SetupError } from '../client/setup-error.ts';
import { checkIds } from '../plan/check-ids.ts';

/** The key with the most scopes holding the scopes in the bucket, or a SetupError naming what is missing. */
export function requireHarnessKey(settings: RunSettings, scopes: string[], bucket?: BucketRole): string {
  const key = pickHarnessKey(settings.keys, scopes, bucket ? settings.buckets[bucket] : undefined);
  if (!key)
    throw new SetupError(`no configured key holds ${scopes.join(' + ')}${bucket ? ` for bucket ${settings.buckets[bucket]}` : ''}`, []);
  return key;
}

/** Creates the run's test-file service; `unique` names each file; `onAdopt` hears of each file the run owns. */
export function createTestFiles(
  api: Api,
  settings: RunSettings,
  unique: () => string,
  onAdopt?: (bucket: BucketRole, fileId: string, path: string) => void,
): DisposableFiles {
  const ledger = runFiles(settings.runDir).ledger;
  const windowMs = overrideOf(settings.overrides, 'consistencyWindowMs');
  const key = (operationId: OperationId, bucket: BucketRole) => requireHarnessKey(settings, [routeById(operationId).scope], bucket);
  const listKey = (bucket: BucketRole) => pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets[bucket]);
  const adopt = async (bucket: BucketRole, fileId: string, path: string) => {
    if (!fileId) return;
    currentAttribution()?.files.add(fileId);
    onAdopt?.(bucket, fileId, path);
    appendLedger(ledger, { kind: 'file', bucketId: settings.buckets[bucket], id: fileId, path });
  };
  /** Sends a set-up call that must be answered 2xx (any 2xx: the seed states no success code). */
  const call = async (request: ApiRequest, operationId: OperationId, what: string) => {
    const ex = await api.send(request);
    if (!isSuccess(ex.status)) throw new SetupError(`${what} answered ${ex.status}`, [checkIds.served(operationId)], operationId);
  };
  /** Waits until the listing shows what `holds` wants of the file (when a key can list the bucket). */
  const untilListed = async (bucket: BucketRole, path: string, holds: (listed: boolean, tags?: string[]) => boolean) => {
    const reader = listKey(bucket);
    if (!reader) return true;
    return pollUntil(async () => {
      const found = await findFile(api, settings, reader, bucket, path);
      return holds(found !== undefined, found?.tags);
    }, windowMs);
  };
  return {
    adopt,
    async create(bucket, options = {}): Promise<FixtureFile> {
      const path = options.path ?? `${settings.runPrefix}t/${unique()}.txt`;
      const content = `bucketkit test file ${path}\n`;
      const up = await uploadBytes(api, settings, key('presignUpload', bucket), bucket, path, content, false);
      if (!isSuccess(up.presign.status) || !up.presign.json)
        throw new SetupError(
          `presign-upload of ${path} answered ${up.presign.status}`,
          [checkIds.served('presignUpload')],
          'presignUpload',
        );
      await adopt(bucket, up.fileId, path);
      if (!isSuccess(up.put.status))
        throw new SetupError(`the PUT of ${path} to the presigned URL answered ${up.put.status}`, [checkIds.uploadAppears()]);
      // The seed says neither when an upload shows nor that reads follow writes: wait before acting on the file.
      if (!(await untilListed(bucket, path, (listed) => listed)))
        throw new SetupError(`${path} was not listed within ${windowMs} ms of its upload (overrides.consistencyWindowMs)`, [
          checkIds.uploadAppears(),
        ]);
      const changes: JsonBody<'updateFile'> = {};
      if (options.tags) changes.tags = options.tags;
      if (options.description !== undefined) changes.description = options.description;
      let described = true;
      if (Object.keys(changes).length) {
        try {
          const request = callRequest(
            routeById('updateFile'),
            settings,
            bucket,
            { fileId: up.fileId, json: changes },
            { key: key('updateFile', bucket) },
          );
          await call(request, 'updateFile', `describing ${path}`);
        } catch (error) {
          if (!(options.describeIfServed && error instanceof SetupError)) throw error;
          described = false;
        }
        const want = options.tags ?? [];
        if (described && !(await untilListed(bucket, path, (listed, tags) => listed && want.every((t) => tags?.includes(t) ?? true))))
          throw new SetupError(`the tags of ${path} did not show in the listing within ${windowMs} ms`, [
            checkIds.takesEffect('updateFile'),
            checkIds.served('updateFile'),
          ]);
      }
      if (options.trashed) {
        const trash = callRequest(
          routeById('trashFiles'),
          settings,
          bucket,
          { json: { fileIds: [up.fileId] } },
          { key: key('trashFiles', bucket) },
        );
        await call(trash, 'trashFiles', `trashing ${path}`);
        // A check that restores it must first see it gone, or a late trash would read as a restore.
        if (!(await untilListed(bucket, path, (listed) => !listed)))
          throw new SetupError(`${path} was still listed ${windowMs} ms after it was trashed`, [
            checkIds.takesEffect('trashFiles'),
            checkIds.served('trashFiles'),
          ]);
      }
      return {
        id: up.fileId,
        bucketId: settings.buckets[bucket],
        path,
        tags: described ? (options.tags ?? []) : [],
        description: described ? (options.description ?? null) : null,
        content,
      };
    },
  };
}
