// What the self-test expects of each planted fault of the mock: the area whose
// checks must catch it, at which level (a broken seed rule must fail a `core`
// check), and other areas whose checks it must make fail too. The mock knows
// nothing of this; a fault missing here is a type error.
import type { FaultName } from '../../mocks/faults/fault-catalog.ts';
import type { Area, Level } from '../config/config-types.ts';

export interface FaultExpectation {
  area: Area;
  level: Level;
  /** Other areas whose checks this fault must also make fail (the self-test runs them too). */
  alsoRuns?: readonly Area[];
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
  'response-first-field-dropped': { area: 'schemas', level: 'profile' },
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
};
