// `bucketkit/msw/browser`: the mock inside the page (MSW setupWorker); the spec comes inlined by the bundler.
export { createBrowserMock, startMockWorker, type BrowserMockOptions, type MswMock, type MswMockOptions } from '../mocks/msw/browser.ts';
export type { MockAppHandle, PresetKeys } from '../mocks/app/create-mock-app.ts';
