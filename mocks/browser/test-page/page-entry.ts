// The browser test's page: starts the MSW mock worker and records MSW's
// life-cycle events, so the test can see which requests the worker answered.
import { startMockWorker } from '../../msw/browser.ts';

/** What the page exposes to the Playwright test on `window.mswTest`. */
export interface MswTestPageState {
  /** `METHOD /path STATUS` of every response the worker produced. */
  mocked: string[];
  /** `METHOD /path` of every request no handler took. */
  unhandled: string[];
  /** `METHOD /path STATUS` of every response that came from the network. */
  bypassed: string[];
}

const state: MswTestPageState = { mocked: [], unhandled: [], bypassed: [] };
const pathOf = (request: Request) => new URL(request.url).pathname;

const { worker } = await startMockWorker({ quiet: true });
worker.events.on('response:mocked', ({ request, response }) => {
  state.mocked.push(`${request.method} ${pathOf(request)} ${response.status}`);
});
worker.events.on('request:unhandled', ({ request }) => {
  state.unhandled.push(`${request.method} ${pathOf(request)}`);
});
worker.events.on('response:bypass', ({ request, response }) => {
  state.bypassed.push(`${request.method} ${pathOf(request)} ${response.status}`);
});

(globalThis as unknown as { mswTest: MswTestPageState }).mswTest = state;
document.getElementById('status')!.textContent = 'ready';
