// The types and helpers every mock front end shares (scenarios, the request log, coverage, fixtures, profiles), re-exported
// by `bucketkit`, `bucketkit/msw/node` and `bucketkit/msw/browser`. Browser-safe.
export type { MockControls } from '../mocks/app/mock-controls.ts';
export type { MockAppHandle, PresetKeys } from '../mocks/app/create-mock-app.ts';
export type {
  ScenarioOptions,
  ScenarioMatch,
  ScenarioAnswer,
  ScenarioNetworkError,
  ScenarioHang,
  ScenarioHandle,
  ScenarioSummary,
} from '../mocks/scenarios/scenario-types.ts';
export { ScenarioError } from '../mocks/scenarios/scenario-board.ts';
export type { LoggedRequest } from '../mocks/observe/request-log.ts';
export {
  formatCoverage,
  type CoverageReport,
  type OperationCoverage,
  type AnswerCount,
  type DocumentedAnswer,
} from '../mocks/observe/coverage.ts';
export type { Fixtures } from '../mocks/fixtures/fixture-types.ts';
export { FixturesError, type FixtureIssue } from '../mocks/fixtures/check-fixtures.ts';
export {
  checkProfile,
  ProfileError,
  type MockProfile,
  type ProfileOverrides,
  type ProfileObserved,
} from '../mocks/profile/check-profile.ts';
export type { OperationId, SuccessStatus, DocumentedStatus, ResponseBody } from '../openapi/contract/operation-types.ts';
