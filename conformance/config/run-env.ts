// The environment variables through which the global set-up hands a run to
// Playwright's workers (besides the BUCKETKIT_* options a user sets): where the
// run's files are, and where its board listens. Tokens travel in the keys'
// own variables, which workers inherit; none is ever written to a file.
export const RUN_ENV = {
  runDir: 'BUCKETKIT_RUN_DIR',
  board: 'BUCKETKIT_RUN_BOARD',
  /** Planted faults for the embedded mock, comma-separated (the self-test's --fault). */
  faults: 'BUCKETKIT_FAULTS',
  /**
   * Playwright's --grep and --shard as the runner was given them: Playwright runs a teardown project's tests whatever
   * they select, so the after-run checks are declared by them (selection.ts).
   */
  grep: 'BUCKETKIT_PLAYWRIGHT_GREP',
  shard: 'BUCKETKIT_PLAYWRIGHT_SHARD',
} as const;
