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
  /** Narrower faults whose rule this one breaks too, or `every-route` when it breaks every route (the API prefix). */
  subsumes?: readonly string[] | 'every-route';
  /** Other areas whose checks this fault must also make fail (the self-test runs them too). */
  alsoRuns?: readonly ConformanceArea[];
}

export const FAULT_CATALOG = [
  {
    name: 'scope-unenforced-mutating',
    area: 'scopes',
    level: 'core',
    description: 'PATCH .../files/{fileId} (updateFile) is served without files:write.',
  },
  {
    name: 'scope-unenforced-reading',
    area: 'scopes',
    level: 'core',
    description: 'GET .../automations (listAutomations) is served without automations:read.',
  },
  {
    name: 'scope-confused',
    area: 'scopes',
    level: 'core',
    description: 'GET .../files (listFiles) accepts files:write in place of files:read.',
  },
  {
    name: 'bucket-limit-ignored-list-files',
    area: 'bucket-limits',
    level: 'core',
    description: "GET .../files lists a bucket outside the key's bucketIds.",
  },
  {
    name: 'bucket-limit-ignored-presign-download',
    area: 'bucket-limits',
    level: 'core',
    description: "POST .../files/presign-download serves a bucket outside the key's bucketIds.",
  },
  {
    name: 'bucket-limit-ignored-move-destination',
    area: 'bucket-limits',
    level: 'core',
    description: "POST .../files/move accepts a destination bucket outside the key's bucketIds.",
  },
  {
    name: 'bucket-limit-ignored-list-buckets',
    area: 'bucket-limits',
    level: 'profile',
    description: "GET /workspaces/{id}/buckets lists buckets outside the key's bucketIds.",
  },
  {
    name: 'cross-bucket-file-access',
    area: 'bucket-limits',
    level: 'core',
    description: "A file of another bucket is reachable through an allowed bucket's path (fileId routes and fileIds bodies).",
  },
  {
    name: 'refusal-changes-state',
    area: 'scopes',
    level: 'core',
    description: 'A request refused 403 insufficient_scope still applies its change (e.g. PATCH file tags).',
  },
  {
    name: 'upload-needs-complete',
    area: 'uploads',
    level: 'core',
    description: 'Uploaded bytes never become a file until POST .../files/upload-complete, which is then allowed.',
  },
  {
    name: 'missing-key-accepted',
    area: 'auth',
    level: 'core',
    description: 'A request without Authorization is served as if it carried a full-access key.',
  },
  {
    name: 'query-key-accepted',
    area: 'auth',
    level: 'core',
    description: 'A key in the ?access_token= or ?api_key= query string is accepted.',
  },
  {
    name: 'route-moved',
    area: 'paths',
    level: 'core',
    description: 'POST .../files/move is served at .../files:move instead; the documented path is 404.',
  },
  { name: 'prefix-filter-ignored', area: 'listing', level: 'core', description: 'GET .../files ignores the prefix filter.' },
  { name: 'tag-filter-ignored', area: 'listing', level: 'core', description: 'GET .../files ignores the tag filter.' },
  { name: 'response-missing-field', area: 'schemas', level: 'profile', description: 'File bodies lack the required updatedAt field.' },
  {
    name: 'malformed-json-500',
    area: 'robustness',
    level: 'core',
    description: 'An unparseable JSON body is answered 500 instead of 400.',
  },
  { name: 'key-echoed-in-error', area: 'errors', level: 'profile', description: "401 and 403 bodies include the caller's key in detail." },
  // Route-wide faults: each breaks one rule on every route, so that every generated check is shown failing.
  {
    name: 'auth-challenge-missing',
    area: 'auth',
    level: 'profile',
    description: '401 answers lack the WWW-Authenticate: Bearer challenge.',
  },
  {
    name: 'key-first-scope-dropped',
    area: 'auth',
    level: 'core',
    alsoRuns: ['scopes'],
    description: 'Every key loses the first scope it was issued with (an off-by-one when the scope list is read).',
  },
  {
    name: 'scope-unenforced-everywhere',
    area: 'scopes',
    level: 'core',
    alsoRuns: ['auth'],
    subsumes: ['scope-unenforced-mutating', 'scope-unenforced-reading', 'scope-confused'],
    description: 'No route checks its scope: any valid key is served everywhere.',
  },
  {
    name: 'scope-refusal-unnamed',
    area: 'scopes',
    level: 'profile',
    description: 'A missing scope is refused 403 forbidden, without insufficient_scope or requiredScope.',
  },
  {
    name: 'writes-not-persisted',
    area: 'scopes',
    level: 'profile',
    description:
      'File PATCH, move, trash, restore, intelligence update, automation and suggestion creation answer success but keep nothing.',
  },
  {
    name: 'bucket-limits-ignored',
    area: 'bucket-limits',
    level: 'core',
    subsumes: [
      'bucket-limit-ignored-list-files',
      'bucket-limit-ignored-presign-download',
      'bucket-limit-ignored-move-destination',
      'bucket-limit-ignored-list-buckets',
    ],
    description: "No route honours the key's bucketIds.",
  },
  {
    name: 'listing-spans-buckets',
    area: 'bucket-limits',
    level: 'core',
    description: 'GET .../files with a prefix lists matching files of every bucket of the workspace the key reaches.',
  },
  {
    name: 'foreign-bucket-403',
    area: 'bucket-limits',
    level: 'profile',
    description: "A bucket outside the key's bucketIds is refused 403 forbidden, so it differs from an absent bucket (404).",
  },
  {
    name: 'api-prefix-moved',
    area: 'paths',
    level: 'core',
    subsumes: 'every-route',
    description: 'Every route is served under /v1 instead of /api/v1; the documented paths are 404.',
  },
  {
    name: 'unknown-paths-served',
    area: 'paths',
    level: 'core',
    description: 'Unknown paths, other version prefixes included, are answered 200 with an HTML page (a single-page-app fallback).',
  },
  {
    name: 'unlisted-method-404',
    area: 'paths',
    level: 'profile',
    description: 'A method the spec does not list on a known path is 404, not 405 with Allow.',
  },
  {
    name: 'download-bytes-altered',
    area: 'uploads',
    level: 'core',
    description: 'Presigned downloads serve the bytes with a newline appended.',
  },
  {
    name: 'semantic-flag-refused',
    area: 'listing',
    level: 'core',
    description: 'GET .../files refuses semantic=1 with 400 (it wants semantic=true).',
  },
  { name: 'search-case-sensitive', area: 'listing', level: 'profile', description: 'GET .../files?search= matches case-sensitively.' },
  {
    name: 'filters-combined-with-or',
    area: 'listing',
    level: 'profile',
    description: 'GET .../files with prefix and tag lists files matching either.',
  },
  {
    name: 'semantic-without-search-accepted',
    area: 'listing',
    level: 'profile',
    description: 'GET .../files?semantic=1 without search is served instead of 400.',
  },
  {
    name: 'semantic-unranked',
    area: 'listing',
    level: 'profile',
    description: 'GET .../files?semantic=1 lists matches in path order, without scores.',
  },
  { name: 'cursor-ignored', area: 'listing', level: 'profile', description: 'GET .../files ignores cursor: every page is the first page.' },
  {
    name: 'response-first-field-dropped',
    area: 'schemas',
    level: 'profile',
    subsumes: 'every-route',
    description: 'Every JSON body, error bodies included, loses its first property.',
  },
  {
    name: 'malformed-json-422',
    area: 'errors',
    level: 'profile',
    description: 'An unparseable JSON body is 422 validation_failed instead of 400 invalid_request.',
  },
  {
    name: 'content-type-ignored',
    area: 'errors',
    level: 'profile',
    description: 'A JSON body sent as text/plain is parsed as JSON instead of refused 400.',
  },
  {
    name: 'unknown-fields-ignored',
    area: 'errors',
    level: 'profile',
    description: 'Request bodies may carry fields the schema does not know; they are ignored instead of refused 422.',
  },
  {
    name: 'unknown-file-403',
    area: 'errors',
    level: 'profile',
    description: 'A file id that does not exist is 403 forbidden instead of 404 not_found.',
  },
  { name: 'body-limit-ignored', area: 'errors', level: 'profile', description: 'JSON bodies over 1 MiB are read instead of refused 413.' },
  {
    name: 'bad-id-404',
    area: 'errors',
    level: 'profile',
    description: 'A path parameter that is not an id is 404 not_found instead of 400 invalid_request.',
  },
  {
    name: 'bad-query-defaulted',
    area: 'errors',
    level: 'profile',
    description: 'Query values of the wrong kind are replaced by defaults instead of refused 400.',
  },
  {
    name: 'path-conflict-overwrites',
    area: 'errors',
    level: 'profile',
    description: 'POST .../files/presign-upload at the path of an existing file is accepted instead of 409.',
  },
  { name: 'bad-path-500', area: 'robustness', level: 'core', description: 'A path parameter that is not an id is answered 500.' },
  { name: 'bad-query-500', area: 'robustness', level: 'core', description: 'A query value of the wrong kind is answered 500.' },
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
  if (unknown.length > 0)
    throw new Error(`Unknown fault ${unknown.map((n) => `"${n}"`).join(', ')}. Known faults: ${FAULT_NAMES.join(', ')}.`);
  return [...new Set(names)] as FaultName[];
}
