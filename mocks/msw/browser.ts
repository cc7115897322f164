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

/**
 * The core and a `setupWorker` for it, not started. Default origin: the page's
 * own (`location.origin`), so the app calls `/api/v1/...` relative to itself.
 */
export function createBrowserMock(options: MswMockOptions = {}): MswMock & { worker: SetupWorker } {
  const mock = createMswMock(bundledSpec as unknown as ApiDocument, globalThis.location.origin, options);
  return { ...mock, worker: setupWorker(...mock.handlers) };
}

/**
 * Registers and starts the worker; resolves once it answers the page's requests.
 *
 * @example
 * const { app } = await startMockWorker({ seed: 7, latencyMs: 150 });
 */
export async function startMockWorker(options: BrowserMockOptions = {}): Promise<MswMock & { worker: SetupWorker }> {
  const { serviceWorkerUrl = '/mockServiceWorker.js', quiet = false, onUnhandledRequest = 'bypass', ...mockOptions } = options;
  const mock = createBrowserMock(mockOptions);
  await mock.worker.start({ serviceWorker: { url: serviceWorkerUrl }, quiet, onUnhandledRequest });
  return mock;
}
