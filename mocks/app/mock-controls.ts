// What a frontend developer steers a running mock with, the same on every
// front end (the app, MSW in Node and in the browser, the HTTP mock from
// code): reset, scenarios, the request log and contract coverage.
import type { OperationId, SuccessStatus } from '../../openapi/contract/operation-types.ts';
import type { ScenarioHandle, ScenarioOptions, ScenarioSummary } from '../scenarios/scenario-types.ts';
import type { LoggedRequest } from '../observe/request-log.ts';
import type { CoverageReport } from '../observe/coverage.ts';

export interface MockControls {
  /**
   * Restores the world the mock started with (seed and fixtures), forgets minted keys and clears scenarios; keeps the
   * request log. A large world without a spare ready is rebuilt while the mock serves: await the promise to see it back.
   */
  reset(): void | Promise<void>;
  /**
   * Answers the operation's next requests as told, before the mock's own checks (key, scope, bucket, body) and
   * without changing state: a status and body, a delay, a dropped connection or a hang.
   *
   * @example
   * mock.scenario('listFiles', { status: 500, times: 1 });          // the next listFiles answers 500, then all is normal
   * mock.scenario('listFiles', { delayMs: 2000 });                   // every listFiles answers 2 s late
   * mock.scenario('listFiles', { networkError: true, key: 'alice' }); // only alice's requests fail
   * mock.scenario('listFiles', { status: 200, body: { data: [], nextCursor: null } });
   */
  scenario<K extends OperationId, S extends number = SuccessStatus<K>>(operationId: K, options: ScenarioOptions<K, S>): ScenarioHandle;
  /** The scenarios in force, newest first. */
  scenarios(): ScenarioSummary[];
  /** Removes every scenario; hung requests go on to the mock's own answer. */
  clearScenarios(): void;
  /** The last 10,000 requests, oldest first: method, path template, operationId, key name, status, error code. */
  requests(): LoggedRequest[];
  /** Empties the request log and the coverage counts. */
  clearRequests(): void;
  /** Which documented answers of each operation the client met, and which it never met (see `formatCoverage`). */
  coverage(): CoverageReport;
}

/** The controls of `target`, as functions bound to it (for the objects front ends hand out). */
export function bindControls(target: MockControls): MockControls {
  return {
    reset: () => target.reset(),
    scenario: (operationId, options) => target.scenario(operationId, options),
    scenarios: () => target.scenarios(),
    clearScenarios: () => target.clearScenarios(),
    requests: () => target.requests(),
    clearRequests: () => target.clearRequests(),
    coverage: () => target.coverage(),
  };
}
