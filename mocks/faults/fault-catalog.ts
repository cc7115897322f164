// The planted faults (issue 5): each breaks exactly one rule of the contract
// while everything else stays correct. The conformance self-test expects each
// one to be caught in its `area` at its `level`.

export type ConformanceArea = 'auth' | 'scopes' | 'bucket-limits' | 'paths' | 'uploads' | 'listing' | 'schemas' | 'errors' | 'robustness';

export interface FaultDefinition {
  name: string;
  /** What the mock does wrong while the fault is on. */
  description: string;
  area: ConformanceArea;
  /** `core` when the fault breaks a rule the seed states; `profile` when it breaks a gap decision. */
  level: 'core' | 'profile';
}

export const FAULT_CATALOG = [
  { name: 'scope-unenforced-mutating', area: 'scopes', level: 'core', description: 'PATCH .../files/{fileId} (updateFile) is served without files:write.' },
  { name: 'scope-unenforced-reading', area: 'scopes', level: 'core', description: 'GET .../automations (listAutomations) is served without automations:read.' },
  { name: 'scope-confused', area: 'scopes', level: 'core', description: 'GET .../files (listFiles) accepts files:write in place of files:read.' },
  { name: 'bucket-limit-ignored-list-files', area: 'bucket-limits', level: 'core', description: "GET .../files lists a bucket outside the key's bucketIds." },
  { name: 'bucket-limit-ignored-presign-download', area: 'bucket-limits', level: 'core', description: "POST .../files/presign-download serves a bucket outside the key's bucketIds." },
  { name: 'bucket-limit-ignored-move-destination', area: 'bucket-limits', level: 'core', description: "POST .../files/move accepts a destination bucket outside the key's bucketIds." },
  { name: 'bucket-limit-ignored-list-buckets', area: 'bucket-limits', level: 'profile', description: "GET /workspaces/{id}/buckets lists buckets outside the key's bucketIds." },
  { name: 'cross-bucket-file-access', area: 'bucket-limits', level: 'core', description: "A file of another bucket is reachable through an allowed bucket's path (fileId routes and fileIds bodies)." },
  { name: 'refusal-changes-state', area: 'scopes', level: 'core', description: 'A request refused 403 insufficient_scope still applies its change (e.g. PATCH file tags).' },
  { name: 'upload-needs-complete', area: 'uploads', level: 'core', description: 'Uploaded bytes never become a file until POST .../files/upload-complete, which is then allowed.' },
  { name: 'missing-key-accepted', area: 'auth', level: 'core', description: 'A request without Authorization is served as if it carried a full-access key.' },
  { name: 'query-key-accepted', area: 'auth', level: 'core', description: 'A key in the ?access_token= or ?api_key= query string is accepted.' },
  { name: 'route-moved', area: 'paths', level: 'core', description: 'POST .../files/move is served at .../files:move instead; the documented path is 404.' },
  { name: 'prefix-filter-ignored', area: 'listing', level: 'core', description: 'GET .../files ignores the prefix filter.' },
  { name: 'tag-filter-ignored', area: 'listing', level: 'core', description: 'GET .../files ignores the tag filter.' },
  { name: 'response-missing-field', area: 'schemas', level: 'profile', description: 'File bodies lack the required updatedAt field.' },
  { name: 'malformed-json-500', area: 'robustness', level: 'core', description: 'An unparseable JSON body is answered 500 instead of 400.' },
  { name: 'key-echoed-in-error', area: 'errors', level: 'profile', description: "401 and 403 bodies include the caller's key in detail." },
] as const satisfies readonly FaultDefinition[];

export type FaultName = (typeof FAULT_CATALOG)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULT_CATALOG.map((f) => f.name);

/** Whether a string names a planted fault. */
export function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

/** Checks a list of names; throws naming the unknown ones and the valid ones. */
export function parseFaultNames(names: readonly string[]): FaultName[] {
  const unknown = names.filter((n) => !isFaultName(n));
  if (unknown.length > 0) throw new Error(`Unknown fault ${unknown.map((n) => `"${n}"`).join(', ')}. Known faults: ${FAULT_NAMES.join(', ')}.`);
  return [...new Set(names)] as FaultName[];
}
