// The mock in the browser: MSW's setupWorker answering the page's fetch with
// the same behaviour core as the HTTP mock. The spec is imported as JSON, so a
// bundler inlines it and the page needs no file system.
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser';
import bundledSpec from '../../openapi/dist/openapi.json' with { type: 'json' };
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import { createMswMock, type MswMock, type MswMockOptions } from './create-msw-mock.ts';

export type { MswMock, MswMockOptions } from './create-msw-mock.ts';

export interface BrowserMockOptions extends MswMockOptions {
  /** Where the page serves `mockServiceWorker.js` (`npx msw init <public dir>`). Default `/mockServiceWorker.js`. */
  serviceWorkerUrl?: string;
  /** Silences MSW's console log of each mocked request. Default false. */
  quiet?: boolean;
  /** What MSW does with requests outside the mock's paths. Default `bypass` (the page's own files). */
  onUnhandledRequest?: StartOptions['onUnhandledRequest'];
}

const START_OPTIONS = ['serviceWorkerUrl', 'quiet', 'onUnhandledRequest'] as const;

function browserMock(options: MswMockOptions, where: string): MswMock & { worker: SetupWorker } {
  const mock = createMswMock(bundledSpec as unknown as ApiDocument, globalThis.location.origin, options, where, START_OPTIONS);
  return { ...mock, worker: setupWorker(...mock.handlers) };
}

/**
 * The core and a `setupWorker` for it, not started (`await mock.worker.start()`).
 * Default origin: the page's own (`location.origin`), so the app calls
 * `/api/v1/...` relative to itself.
 */
export function setupMockWorker(options: MswMockOptions = {}): MswMock & { worker: SetupWorker } {
  return browserMock(options, 'setupMockWorker');
}

/** The same as `setupMockWorker` (its earlier name). */
export function createBrowserMock(options: MswMockOptions = {}): MswMock & { worker: SetupWorker } {
  return browserMock(options, 'createBrowserMock');
}

/**
 * Registers and starts the worker; resolves once it answers the page's requests.
 *
 * @example
 * const mock = await startMockWorker({ seed: 7, fixtures, latencyMs: 150 });
 * mock.scenario('listFiles', { status: 503, times: 1 });
 */
export async function startMockWorker(options: BrowserMockOptions = {}): Promise<MswMock & { worker: SetupWorker }> {
  const { serviceWorkerUrl = '/mockServiceWorker.js', quiet = false, onUnhandledRequest = 'bypass', ...mockOptions } = options;
  const mock = browserMock(mockOptions, 'startMockWorker');
  await mock.worker.start({ serviceWorker: { url: serviceWorkerUrl }, quiet, onUnhandledRequest });
  return mock;
}
