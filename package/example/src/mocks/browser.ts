// src/mocks/browser.ts: starts the mock in the page and keeps its ready keys on window (loaded in development only).
import { startMockWorker, type PresetKeys } from 'bucketkit/msw/browser';

declare global {
  interface Window {
    /** The mock's ready keys: full, readOnly, oneBucket. Set only while the mock runs. */
    mockKeys?: PresetKeys;
  }
}

export async function startMocking(): Promise<void> {
  const { app } = await startMockWorker({ seed: 7, quiet: true });
  window.mockKeys = app.presetKeys;
}
