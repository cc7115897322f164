// The writes on files every handler shares: store a file with its bytes,
// change one (always as a new record), and the time stamps they carry.
import { createHash } from 'node:crypto';
import type { FileRec, World } from './world.ts';

/** Now, as the contract's timestamps are written. */
export const stamp = (at: number = Date.now()): string => new Date(at).toISOString();

/** The last segment of a path. */
export const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

export interface NewFile {
  workspaceId: string;
  bucketId: string;
  path: string;
  contentType: string;
  bytes: Buffer;
  id?: string;
  tags?: string[];
  description?: string | null;
}

/** Stores a ready file and its bytes; returns the record. */
export function addFile(world: World, file: NewFile): FileRec {
  const now = stamp();
  const record: FileRec = {
    id: file.id ?? world.newId('file'),
    seq: world.nextSeq(),
    workspaceId: file.workspaceId,
    bucketId: file.bucketId,
    path: file.path,
    size: file.bytes.length,
    contentType: file.contentType,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    tags: file.tags ?? [],
    description: file.description ?? null,
    status: 'ready',
    createdAt: now,
    updatedAt: now,
  };
  world.blobs.set(record.id, file.bytes);
  world.files.set(record.id, record);
  return record;
}

/** Stores a changed copy of a file (updatedAt moves on); returns it. */
export function changeFile(world: World, file: FileRec, change: Partial<FileRec>): FileRec {
  const next: FileRec = { ...file, ...change, updatedAt: stamp() };
  world.files.set(next.id, next);
  return next;
}

/** Removes a file and its bytes for good. */
export function purgeFile(world: World, file: FileRec): void {
  world.files.delete(file.id);
  world.blobs.delete(file.id);
}
