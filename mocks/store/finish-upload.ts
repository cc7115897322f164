// Turns received upload bytes into a ready file of the bucket.
import type { FileRecord } from '../world/world-types.ts';
import type { PendingUpload, WorldStore } from './world-store.ts';
import { isoSeconds } from '../world/seeded-values.ts';
import { addFile } from './file-mutations.ts';

/** Hex SHA-256 of the bytes (Web Crypto, so it runs in browsers too). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Creates the file from the upload's received bytes and releases the path reservation (the spent upload stays, so a second PUT is 409). */
export async function finishUpload(store: WorldStore, upload: PendingUpload, nowMs: number): Promise<FileRecord> {
  upload.finished = true;
  const bytes = upload.received!;
  const bucket = store.buckets.get(upload.bucketId)!;
  const now = isoSeconds(nowMs);
  const file: FileRecord = {
    id: upload.fileId,
    workspaceId: bucket.bucket.workspaceId,
    bucketId: bucket.bucket.id,
    path: upload.path,
    name: upload.path.slice(upload.path.lastIndexOf('/') + 1),
    size: bytes.length,
    contentType: upload.contentType,
    sha256: await sha256Hex(bytes),
    tags: [],
    description: null,
    status: 'ready',
    createdAt: now,
    updatedAt: now,
  };
  bucket.reserved.delete(upload.path);
  addFile(store, bucket, file, bytes);
  return file;
}
