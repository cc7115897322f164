// `bucketkit/playwright`: the kit's `test` and `expect` for a project's own Playwright tests (a client per declared
// key, the run's test data, what the run knows of the deployment; every exchange judged by the seed's rules as the
// test ends), and the config that runs them under the kit.
export { test, type KeyClient, type Deployment, type TestData } from '../conformance/playwright/user-fixtures.ts';
export { expect } from '@playwright/test';
export { defineBucketkitConfig, type BucketkitConfigOptions } from '../conformance/playwright/kit-config.ts';
export type { Exchange } from '../conformance/http/api-client.ts';
