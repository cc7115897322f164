// `bucketkit/playwright`: the kit's `test` and `expect` for a project's own Playwright tests (a client per declared
// key, its `call` typed by the contract; the run's test data; what the run knows of the deployment; every exchange
// judged by the seed's rules as the test ends), `testFor` to type `keys` by a config's key names, and the config
// that runs them under the kit.
export {
  test,
  testFor,
  type KeyClient,
  type KeyNamesOf,
  type Deployment,
  type TestData,
  type UserFixtures,
} from '../conformance/playwright/user-fixtures.ts';
export type { CallAnswer, CallArgs, CallOptions } from '../conformance/playwright/typed-call.ts';
export type { KitKeyName } from '../mocks/app/key-plan.ts';
export type { OperationId } from '../openapi/contract/operation-types.ts';
export { expect } from '@playwright/test';
export { defineBucketkitConfig, type BucketkitConfigOptions } from '../conformance/playwright/kit-config.ts';
export type { Exchange } from '../conformance/http/api-client.ts';
