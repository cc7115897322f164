// `bucketkit/msw/node`: the mock as MSW handlers for tests in Node (setupServer).
export { createNodeMockHandlers, setupMockServer, type MswMock, type MswMockOptions } from '../mocks/msw/node.ts';
export type { MockAppHandle, PresetKeys } from '../mocks/app/create-mock-app.ts';
export { manualClock, type Clock } from '../mocks/core/clock.ts';
