// The env var naming the merged summary that the reporter of a merge (Playwright's merge-reports with the kit's
// merge config) checks the merged tests against.
export const MERGED_SUMMARY_ENV = 'BUCKETKIT_MERGED_SUMMARY';
