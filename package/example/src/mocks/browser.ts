// src/mocks/browser.ts: starts the mock in the page with the app's fixtures (loaded in development only) and keeps it on window.
import { startMockWorker, type MswMock, type PresetKeys } from 'bucketkit/msw/browser';
import { fixtures } from './fixtures.ts';

declare global {
  interface Window {
    /** The mock's ready keys by name: full, readonly, restricted, only-<scope>. Set only while the mock runs. */
    mockKeys?: PresetKeys;
    /** The mock itself, for scenarios and coverage from the console: `mock.coverage()`. */
    mock?: MswMock;
  }
}

export async function startMocking(): Promise<void> {
  const mock = await startMockWorker({ seed: 7, fixtures, quiet: true });
  // The first listing of the Reports bucket fails, so the app's retry path runs in development too.
  mock.scenario('listFiles', { status: 503, times: 1, bucketId: 'bkt_reports' });
  window.mockKeys = mock.app.presetKeys;
  window.mock = mock;
}
