// Serialises File bodies, caching each file's JSON until it changes, so big
// listings concatenate strings instead of re-serialising objects.
import type { FileRecord } from '../world/world-types.ts';

const cache = new WeakMap<FileRecord, string>();

/** Must be called after any change to a file record. */
export function forgetFileJson(file: FileRecord): void {
  cache.delete(file);
}

/** The File body as JSON, with the semantic `score` when given. */
export function fileJson(file: FileRecord, score?: number): string {
  if (score !== undefined) return JSON.stringify({ ...file, score });
  let json = cache.get(file);
  if (json === undefined) cache.set(file, (json = JSON.stringify(file)));
  return json;
}
