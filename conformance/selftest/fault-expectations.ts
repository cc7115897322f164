// What the self-test knows about each planted fault: the area and level of the
// check that must catch it, the other areas it must break too, and the trials that combine faults. The mock only plants
// faults by name; a fault missing here is a type error.
import type { FaultName } from '../../mocks/faults/fault-catalog.ts';
import type { Area, Level } from '../config/config-types.ts';

export interface FaultExpectation {
  /** The area of the checks that must catch the fault. */
  area: Area;
  /** `core` when the fault breaks a rule the seed states; `profile` when it breaks a gap decision. */
  level: Level;
  /** Other areas whose checks the fault must also make fail (the trial runs them too). */
  alsoRuns?: Area[];
}

export const FAULT_EXPECTATIONS: Record<FaultName, FaultExpectation> = {
  'scope-unenforced-mutating': { area: 'scopes', level: 'core' },
  'scope-unenforced-reading': { area: 'scopes', level: 'core' },
  'scope-confused': { area: 'scopes', level: 'core' },
  'bucket-limit-ignored-list-files': { area: 'bucket-limits', level: 'core' },
  'bucket-limit-ignored-presign-download': { area: 'bucket-limits', level: 'core' },
  'bucket-limit-ignored-move-destination': { area: 'bucket-limits', level: 'core' },
  'bucket-limit-ignored-list-buckets': { area: 'bucket-limits', level: 'profile' },
  'cross-bucket-file-access': { area: 'bucket-limits', level: 'core' },
  'refusal-changes-state': { area: 'scopes', level: 'core' },
  'upload-needs-complete': { area: 'uploads', level: 'core' },
  'missing-key-accepted': { area: 'auth', level: 'core' },
  'query-key-accepted': { area: 'auth', level: 'core' },
  'route-moved': { area: 'paths', level: 'core' },
  'writes-as-put': { area: 'paths', level: 'core' },
  'prefix-filter-ignored': { area: 'listing', level: 'core' },
  'tag-filter-ignored': { area: 'listing', level: 'core' },
  'response-missing-field': { area: 'schemas', level: 'profile' },
  'malformed-json-500': { area: 'robustness', level: 'core' },
  'key-echoed-in-error': { area: 'errors', level: 'profile' },
  'auth-challenge-missing': { area: 'auth', level: 'profile' },
  'key-first-scope-dropped': { area: 'auth', level: 'core', alsoRuns: ['scopes'] },
  'scope-unenforced-everywhere': { area: 'scopes', level: 'core', alsoRuns: ['auth'] },
  'scope-refusal-unnamed': { area: 'scopes', level: 'profile' },
  'writes-not-persisted': { area: 'scopes', level: 'profile' },
  'bucket-limits-ignored': { area: 'bucket-limits', level: 'core' },
  'listing-spans-buckets': { area: 'bucket-limits', level: 'core' },
  'foreign-bucket-403': { area: 'bucket-limits', level: 'profile' },
  'api-prefix-moved': { area: 'paths', level: 'core' },
  'unknown-paths-served': { area: 'paths', level: 'profile' },
  'unlisted-method-404': { area: 'paths', level: 'profile' },
  'download-bytes-altered': { area: 'uploads', level: 'core' },
  'semantic-flag-refused': { area: 'listing', level: 'core' },
  'search-case-sensitive': { area: 'listing', level: 'profile' },
  'filters-combined-with-or': { area: 'listing', level: 'profile' },
  'semantic-without-search-accepted': { area: 'listing', level: 'profile' },
  'semantic-unranked': { area: 'listing', level: 'profile' },
  'cursor-ignored': { area: 'listing', level: 'profile' },
  'response-last-field-dropped': { area: 'schemas', level: 'profile' },
  'malformed-json-422': { area: 'errors', level: 'profile' },
  'content-type-ignored': { area: 'errors', level: 'profile' },
  'unknown-fields-ignored': { area: 'errors', level: 'profile' },
  'unknown-file-403': { area: 'errors', level: 'profile' },
  'body-limit-ignored': { area: 'errors', level: 'profile' },
  'bad-id-404': { area: 'errors', level: 'profile' },
  'bad-query-defaulted': { area: 'errors', level: 'profile' },
  'path-conflict-overwrites': { area: 'errors', level: 'profile' },
  'bad-path-500': { area: 'robustness', level: 'core' },
  'bad-query-500': { area: 'robustness', level: 'core' },
  'key-extra-scope': { area: 'auth', level: 'core' },
  'prefix-matched-anywhere': { area: 'listing', level: 'core' },
  'prefix-case-insensitive': { area: 'listing', level: 'core' },
  'tag-matched-as-substring': { area: 'listing', level: 'core' },
  'search-spans-buckets': { area: 'bucket-limits', level: 'core' },
  'semantic-search-spans-buckets': { area: 'bucket-limits', level: 'core' },
  'trash-listing-spans-buckets': { area: 'bucket-limits', level: 'core' },
  'agent-reads-every-bucket': { area: 'bucket-limits', level: 'core' },
  'trash-update-spans-buckets': { area: 'bucket-limits', level: 'core' },
  'suggestion-filed-in-file-bucket': { area: 'bucket-limits', level: 'core' },
  'search-regex-500': { area: 'robustness', level: 'core' },
  'query-nul-500': { area: 'robustness', level: 'core' },
  'query-not-utf8-500': { area: 'robustness', level: 'core' },
  'semantic-quote-500': { area: 'robustness', level: 'core' },
  'upload-listed-size-zero': { area: 'uploads', level: 'profile' },
  'limit-maximum-ignored': { area: 'listing', level: 'profile' },
  'workspace-ignored': { area: 'paths', level: 'profile' },
  'item-listings-span-buckets': { area: 'bucket-limits', level: 'core' },
  'head-served-without-key': { area: 'auth', level: 'core' },
  'trailing-slash-skips-scope': { area: 'scopes', level: 'core' },
  'method-override-honoured': { area: 'scopes', level: 'core' },
  'malformed-auth-500': { area: 'robustness', level: 'core' },
  'prefix-as-regex': { area: 'listing', level: 'core' },
  'prefix-cut-to-last-slash': { area: 'listing', level: 'core' },
  'filters-dropped-after-first-page': { area: 'listing', level: 'core' },
  'patch-mass-assignment': { area: 'bucket-limits', level: 'core' },
  'writes-take-body-bucket-id': { area: 'bucket-limits', level: 'core' },
  'path-case-skips-scope': { area: 'scopes', level: 'core' },
  'dot-segment-skips-scope': { area: 'scopes', level: 'core' },
  'matrix-param-skips-scope': { area: 'scopes', level: 'core' },
  'lowercase-method-skips-scope': { area: 'scopes', level: 'core' },
  'unlisted-method-skips-scope': { area: 'scopes', level: 'core' },
  'target-suffix-skips-scope': { area: 'scopes', level: 'core' },
  'absolute-form-skips-scope': { area: 'scopes', level: 'core' },
  'original-url-header-reroutes': { area: 'scopes', level: 'core' },
  'key-case-insensitive': { area: 'auth', level: 'core' },
  'session-cookie-accepted': { area: 'auth', level: 'core' },
  'non-json-write-skips-scope': { area: 'scopes', level: 'core' },
  'cursor-crosses-buckets': { area: 'bucket-limits', level: 'core' },
  'presigned-url-file-swap': { area: 'bucket-limits', level: 'core' },
  'query-bucket-overrides-path': { area: 'bucket-limits', level: 'core' },
  'batch-later-ids-unchecked': { area: 'bucket-limits', level: 'core' },
  'move-destination-dotdot': { area: 'bucket-limits', level: 'core' },
  'limit-max-spans-buckets': { area: 'bucket-limits', level: 'core' },
  'head-ignores-bucket-limits': { area: 'bucket-limits', level: 'core' },
  'mass-assignment-partial': { area: 'bucket-limits', level: 'core' },
  'body-bucket-id-every-write': { area: 'bucket-limits', level: 'core' },
  'restore-body-bucket': { area: 'bucket-limits', level: 'core' },
};

/**
 * upload-complete refuses every agent before anything else (GAPS G03), so its auth,
 * scope, bucketIds and body checks only become falsifiable on a server that also lets
 * agents call it: each of these faults is tried again together with `opener`, on that
 * route's checks only (at the level stated, when it differs).
 */
export const UPLOAD_COMPLETE_COMBINATIONS: { opener: FaultName; faults: { fault: FaultName; level?: Level }[] } = {
  opener: 'upload-needs-complete',
  faults: [
    { fault: 'missing-key-accepted' },
    // upload-complete's scope is itself a gap choice (G04), so its scope checks are profile checks.
    { fault: 'scope-unenforced-everywhere', level: 'profile' },
    { fault: 'bucket-limits-ignored' },
    { fault: 'foreign-bucket-403' },
    { fault: 'malformed-json-500' },
    { fault: 'bad-path-500' },
  ],
};
