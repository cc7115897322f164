// `bucketkit/msw/browser`: the mock inside the page (MSW setupWorker), with scenarios, the request log and coverage;
// the spec comes inlined by the bundler.
export {
  setupMockWorker,
  startMockWorker,
  createBrowserMock,
  type BrowserMockOptions,
  type MswMock,
  type MswMockOptions,
} from '../mocks/msw/browser.ts';
export * from './mock-types.ts';
