// Every change to files, all-or-nothing: tags and description, moves, trash,
// restore, purge and new uploads. Each keeps the bucket indexes and the JSON
// cache in step.
import type { FileRecord } from '../world/world-types.ts';
import type { BucketState, TrashedFile, WorldStore } from './world-store.ts';
import { forgetFileJson } from './file-json.ts';

export const TRASH_RETENTION_DAYS = 30;

/** Replaces tags and/or description. */
export function updateFileFields(
  store: WorldStore,
  file: FileRecord,
  changes: { tags?: string[]; description?: string | null },
  now: string,
): void {
  const bucket = store.buckets.get(file.bucketId)!;
  if (changes.tags !== undefined) bucket.files.retag(file, [...changes.tags]);
  if (changes.description !== undefined) file.description = changes.description;
  file.updatedAt = now;
  forgetFileJson(file);
}

/** Checks a move; returns the first taken or duplicate path, or applies it and returns the moved files. */
export function moveFiles(
  store: WorldStore,
  files: FileRecord[],
  destination: BucketState,
  prefix: string,
  nowMs: number,
  now: string,
): { conflict: string } | { moved: FileRecord[] } {
  const moving = new Set(files);
  const targets = new Set<string>();
  for (const file of files) {
    const target = prefix + file.name;
    const holder = destination.files.at(target);
    // A file may take the path of another file that moves away in the same request.
    const taken = holder ? !moving.has(holder) : store.pathTaken(destination, target, nowMs);
    if (taken || targets.has(target)) return { conflict: target };
    targets.add(target);
  }
  removeFromBuckets(store, files);
  for (const file of files) {
    file.path = prefix + file.name;
    file.bucketId = destination.bucket.id;
    file.workspaceId = destination.bucket.workspaceId;
    file.updatedAt = now;
    forgetFileJson(file);
  }
  destination.files.addMany(files);
  return { moved: files };
}

/** Moves ready files into the trash of the bucket each lives in. */
export function trashFiles(store: WorldStore, files: FileRecord[], now: string): TrashedFile[] {
  removeFromBuckets(store, files);
  return files.map((file) => {
    const bucket = store.buckets.get(file.bucketId)!;
    file.status = 'trashed';
    forgetFileJson(file);
    const entry = { file, trashedAt: now };
    bucket.trash.set(file.id, entry);
    return entry;
  });
}

/** Restores trashed files to their paths; the first taken path refuses all of them. */
export function restoreFiles(
  store: WorldStore,
  bucket: BucketState,
  entries: TrashedFile[],
  nowMs: number,
  now: string,
): { conflict: string } | { restored: FileRecord[] } {
  const paths = new Set<string>();
  for (const { file } of entries) {
    if (paths.has(file.path) || store.pathTaken(bucket, file.path, nowMs)) return { conflict: file.path };
    paths.add(file.path);
  }
  const restored = entries.map(({ file }) => {
    bucket.trash.delete(file.id);
    file.status = 'ready';
    file.updatedAt = now;
    forgetFileJson(file);
    return file;
  });
  bucket.files.addMany(restored);
  return { restored };
}

/** Deletes trashed files for good. */
export function purgeFiles(store: WorldStore, bucket: BucketState, fileIds: string[]): string[] {
  for (const id of fileIds) {
    bucket.trash.delete(id);
    store.filesById.delete(id);
    store.storedBytes.delete(id);
  }
  return fileIds;
}

/** Adds a finished upload as a ready file. */
export function addFile(store: WorldStore, bucket: BucketState, file: FileRecord, bytes: Uint8Array): void {
  store.filesById.set(file.id, file);
  store.storedBytes.set(file.id, bytes);
  bucket.files.add(file);
  // The bytes now live with the file; the spent upload keeps only that it is spent.
  store.uploads.spend(file.id);
}

// Takes files out of the buckets they live in, one pass per bucket.
function removeFromBuckets(store: WorldStore, files: FileRecord[]): void {
  const byBucket = new Map<string, FileRecord[]>();
  for (const file of files) {
    const list = byBucket.get(file.bucketId);
    if (list) list.push(file);
    else byBucket.set(file.bucketId, [file]);
  }
  for (const [bucketId, list] of byBucket) store.buckets.get(bucketId)!.files.removeMany(list);
}
