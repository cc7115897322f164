// The planted writes-not-persisted fault: the writing operations answer as if
// they had changed the bucket, then the bucket is put back as it was.
import type { WorldStore, BucketState } from '../store/world-store.ts';
import type { FileRecord } from '../world/world-types.ts';
import type { OperationId } from '../core/handler-context.ts';
import type { MockComponents } from '../core/components.ts';
import { BucketFiles } from '../store/bucket-files.ts';
import { forgetFileJson } from '../store/file-json.ts';
import { wrapHandler, type FaultDefinition } from './plant.ts';

const WRITES = [
  'updateFile',
  'moveFiles',
  'trashFiles',
  'updateTrash',
  'updateIntelligence',
  'createAutomation',
  'createSuggestion',
] as const satisfies readonly OperationId[];

/** Remembers a workspace's buckets (files, trash, lists, intelligence); the returned function puts them back. */
function snapshot(store: WorldStore, workspaceId: string): () => void {
  const buckets = store.bucketsOf.get(workspaceId) ?? [];
  const saved = buckets.map((b) => {
    const records = [...b.files.sorted.items, ...[...b.trash.values()].map((t) => t.file)];
    return {
      bucket: b,
      files: records.map((file) => ({ file, fields: { ...file, tags: [...file.tags] }, bytes: store.storedBytes.get(file.id) })),
      trash: new Map(b.trash),
      automations: [...b.automations],
      suggestions: [...b.suggestions],
      intelligence: { ...b.intelligence },
    };
  });
  return () => {
    for (const s of saved) restoreBucket(store, s.bucket, s);
  };
}

function restoreBucket(
  store: WorldStore,
  bucket: BucketState,
  s: {
    files: { file: FileRecord; fields: FileRecord; bytes?: Uint8Array }[];
    trash: BucketState['trash'];
    automations: BucketState['automations'];
    suggestions: BucketState['suggestions'];
    intelligence: BucketState['intelligence'];
  },
): void {
  for (const { file, fields, bytes } of s.files) {
    Object.assign(file, fields);
    forgetFileJson(file);
    store.filesById.set(file.id, file);
    if (bytes) store.storedBytes.set(file.id, bytes);
  }
  bucket.files = new BucketFiles(s.files.map((f) => f.file).filter((f) => f.status === 'ready'));
  bucket.trash = new Map(s.trash);
  bucket.automations.splice(0, bucket.automations.length, ...s.automations);
  bucket.suggestions.splice(0, bucket.suggestions.length, ...s.suggestions);
  Object.assign(bucket.intelligence, s.intelligence);
}

export const WRITES_FAULTS = [
  {
    name: 'writes-not-persisted',
    description:
      'File PATCH, move, trash, restore, intelligence update, automation and suggestion creation answer success but keep nothing.',
    plant: (c) =>
      WRITES.reduce<MockComponents>(
        (components, operationId) =>
          wrapHandler(components, operationId, (inner) => async (ctx) => {
            const undo = snapshot(ctx.store, ctx.workspace.id);
            const answer = await inner(ctx);
            undo();
            return answer;
          }),
        c,
      ),
  },
] as const satisfies readonly FaultDefinition[];
