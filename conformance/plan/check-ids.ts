// Requirement ids, built in one place: the generators name every check with
// these, and whatever points at a check (a set-up step blaming the check of the
// rule it rests on, the learner disabling checks it cannot play) uses the same
// builder, never a string of its own. An id names its area, the operation it
// checks when it checks one, and what it checks; a role a check plays for
// other code (the key a KEY check verifies) is declared on the check
// (CheckDef.verifiesKey), never read back out of its id.

/** What the auth checks of a route check: refused in any 4xx way (core), or exactly 401 with a Bearer challenge (profile). */
export type AuthCase = 'refused' | '401';
/** What the scope checks of a route check. */
export type ScopeCase = 'refused' | 'insufficient-scope' | 'allowed' | 'takes-effect' | 'method-override-refused';
/** What the bucketIds checks of a route check (besides its foreign-file cases and mass assignment). */
export type BucketCase =
  | 'other-refused'
  | 'other-like-absent'
  | 'destination-refused'
  | 'search-own-bucket-only'
  | 'semantic-own-bucket-only'
  | 'own-bucket-only'
  | 'hides-other'
  | 'counts-reachable';
/** What the listing checks check. */
export type ListingCase =
  | 'limit-maximum'
  | 'search-accepted'
  | 'search-substring'
  | 'filters-combine-with-and'
  | 'semantic-needs-search'
  | 'semantic-ranked'
  | 'cursor-paging'
  | 'prefix-honoured'
  | 'prefix-partial-segment'
  | 'prefix-literal-characters'
  | 'tag-honoured';
/** What the upload checks of the seed's flow check. */
export type UploadCase = 'appears-without-complete' | 'listed-ready' | 'download-round-trip';
/** What the error checks of a route with a body check. */
export type BodyErrorCase = 'malformed-json-400' | 'content-type-400' | 'schema-422';
/** The error checks of one case each. */
export type ErrorCase =
  'unknown-file-404' | 'body-too-large-413' | 'bad-path-parameter-400' | 'bad-query-400' | 'path-taken-409' | 'key-not-echoed';
/** What the robustness checks of a route send. */
export type RobustnessCase = 'bad-bodies' | 'bad-query' | 'bad-path';
/** Paths no route of the spec has. */
export type UnknownPathCase = 'unknown-path' | 'other-version';

export const checkIds = {
  /** A route answers a valid call at its documented path (its served proof). */
  served: (operationId: string) => `PATH-${operationId}-served`,
  /** A method the spec does not list on a path is refused (405, or 404 by override). */
  unlistedMethod: (operationId: string) => `PATH-${operationId}-unlisted-method-405`,
  /** A path outside the spec is 404. */
  unknownPath: (slug: UnknownPathCase) => `PATH-${slug}-404`,
  /** A route without a valid bearer key is refused. */
  auth: (operationId: string, slug: AuthCase) => `AUTH-${operationId}-${slug}`,
  /** A key behaves as the config declares it. */
  key: (name: string) => `KEY-${name}-as-declared`,
  /** A route's scope is enforced (and, with it, served and effective). */
  scope: (operationId: string, slug: ScopeCase) => `SCOPE-${operationId}-${slug}`,
  /** A write by a key holding the scope takes effect. */
  takesEffect: (operationId: string): string => checkIds.scope(operationId, 'takes-effect'),
  /** A route keeps to the key's bucketIds. */
  bucket: (operationId: string, slug: BucketCase) => `BUCKET-${operationId}-${slug}`,
  /** A call naming a file of the other bucket (a case of the operation's book) neither changes nor reveals it. */
  foreignFile: (operationId: string, caseSlug: string) => `BUCKET-${operationId}-${caseSlug}-unreached`,
  /** A write ignores (or refuses) properties its body does not offer. */
  massAssignment: (operationId: string) => `BUCKET-${operationId}-mass-assignment`,
  /** The seed's upload flow. */
  upload: (slug: UploadCase) => `UPLOAD-${slug}`,
  /** An upload is listed without the upload-complete call. */
  uploadAppears: (): string => checkIds.upload('appears-without-complete'),
  /** A route agent clients must not call refuses them. */
  agentForbidden: (operationId: string) => `UPLOAD-${operationId}-agent-forbidden`,
  /** The file listing's filters and paging. */
  listing: (slug: ListingCase) => `LIST-${slug}`,
  /** A route's answers match the spec's schema. */
  schema: (operationId: string) => `SCHEMA-${operationId}-response`,
  /** A route with a body answers a broken one with the register's error. */
  bodyError: (operationId: string, slug: BodyErrorCase) => `ERR-${operationId}-${slug}`,
  /** An error case of its own. */
  error: (slug: ErrorCase) => `ERR-${slug}`,
  /** A route is never answered with a 5xx for a client's mistake. */
  robustness: (operationId: string, slug: RobustnessCase) => `ROBUST-${operationId}-${slug}`,
  /** The other bucket's state, watched over the run, changes only by keys allowed there. */
  effects: () => 'BUCKET-other-bucket-effects',
  /** A rule judged over the variants of a route's valid call. */
  oracle: (rule: string, operationId: string) => `ORACLE-${rule}-${operationId}`,
} as const;
