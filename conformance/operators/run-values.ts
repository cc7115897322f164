// The other bucket's counterpart of a value of the allowed bucket, from what
// the run has seen: a trashed file for a trashed file, a file for a file, the
// bucket for the bucket. Variants put it where the valid request had the
// allowed one, so a server that checks one position and acts on another shows.
import type { RunSeen } from './operator-types.ts';

/**
 * The other bucket's value standing where `value` stands, for an id of `kind` (file, bucket, workspace, ...):
 * matched on the value first (a trashed file's id gets a trashed file's), then on the kind. Undefined when the
 * run has seen none.
 */
export function counterpartOf(seen: RunSeen, kind: string, value?: unknown): string | undefined {
  const { allowed, other } = seen;
  if (typeof value === 'string') {
    if (value === allowed.bucketId) return other.bucketId;
    if (allowed.trashedFileIds.includes(value) && other.trashedFileIds[0]) return other.trashedFileIds[0];
    if (allowed.fileIds.includes(value) && other.fileIds[0]) return other.fileIds[0];
    if (value === seen.workspaceId) return seen.otherWorkspaceId;
  }
  if (kind === 'bucket') return other.bucketId;
  if (kind === 'workspace') return seen.otherWorkspaceId;
  if (kind === 'file') return other.fileIds[0] ?? other.trashedFileIds[0];
  return undefined;
}

/** Ids of the allowed bucket like `value` (trashed ones for a trashed file), to fill a list to three entries. */
export function allowedLike(seen: RunSeen, value: unknown): string[] {
  const pool =
    typeof value === 'string' && seen.allowed.trashedFileIds.includes(value) ? seen.allowed.trashedFileIds : seen.allowed.fileIds;
  return pool.filter((id) => id !== value);
}

/** The value at a property path of a JSON body, or undefined. */
export function valueAt(body: unknown, pointer: string[]): unknown {
  return pointer.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
    body,
  );
}

/** A copy of an object body with `value` at the property path (objects on the way made when missing). */
export function withValueAt(body: unknown, pointer: string[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
  let at = root;
  pointer.forEach((key, i) => {
    if (i === pointer.length - 1) {
      at[key] = value;
      return;
    }
    const next = at[key];
    at[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    at = at[key] as Record<string, unknown>;
  });
  return root;
}
