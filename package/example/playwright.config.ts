// The project's own Playwright tests, run under bucketkit: its global set-up (the deployment of BUCKETKIT_CONFIG, or
// the embedded mock), its reporter, and its fixtures in e2e/. `checks: false` runs the team's tests alone; leave it
// out to run the kit's conformance checks beside them.
import { defineBucketkitConfig } from 'bucketkit/playwright';

export default defineBucketkitConfig({ testDir: './e2e', checks: false });
