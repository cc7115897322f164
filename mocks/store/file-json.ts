// Serialises File bodies, caching each file's JSON until it changes, so big
// listings concatenate strings instead of re-serialising objects.
import type { FileRecord } from '../world/world-types.ts';
import type { FaultSwitches } from '../faults/fault-switches.ts';

const cache = new WeakMap<FileRecord, string>();

/** Must be called after any change to a file record. */
export function forgetFileJson(file: FileRecord): void {
  cache.delete(file);
}

/** The File body as JSON; the planted response-missing-field fault drops updatedAt. */
export function fileJson(file: FileRecord, faults: FaultSwitches, score?: number): string {
  if (faults.on('response-missing-field')) {
    const { updatedAt: _dropped, ...rest } = file;
    return JSON.stringify(score === undefined ? rest : { ...rest, score });
  }
  if (score !== undefined) return JSON.stringify({ ...file, score });
  let json = cache.get(file);
  if (json === undefined) cache.set(file, (json = JSON.stringify(file)));
  return json;
}

/** The File body as a plain value (for bodies that embed files). */
export function fileValue(file: FileRecord, faults: FaultSwitches): unknown {
  return JSON.parse(fileJson(file, faults));
}
