// `bucketkit/msw/node`: the mock as MSW handlers for tests in Node (setupServer), with scenarios, the request log and coverage.
export { createNodeMockHandlers, setupMockServer, type MswMock, type MswMockOptions } from '../mocks/msw/node.ts';
export { manualClock, type Clock } from '../mocks/core/clock.ts';
export * from './mock-types.ts';
