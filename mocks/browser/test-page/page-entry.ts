// The browser test's page: starts the MSW mock worker (with the test fixtures
// when the URL asks for them: `?fixtures`) and records MSW's life-cycle
// events, so the test can see which requests the worker answered; the mock
// itself is on `window.mswTest.mock` for scenarios and coverage.
import { startMockWorker, type MswMock } from '../../msw/browser.ts';
import { sampleFixtures } from '../../test/support/sample-fixtures.ts';

/** What the page exposes to the Playwright test on `window.mswTest`. */
export interface MswTestPageState {
  /** `METHOD /path STATUS` of every response the worker produced. */
  mocked: string[];
  /** `METHOD /path` of every request no handler took. */
  unhandled: string[];
  /** `METHOD /path STATUS` of every response that came from the network. */
  bypassed: string[];
  /** The message of an unknown option given to startMockWorker. */
  unknownOption?: string;
}

const state: MswTestPageState = { mocked: [], unhandled: [], bypassed: [] };
const pathOf = (request: Request) => new URL(request.url).pathname;
const withFixtures = new URLSearchParams(location.search).has('fixtures');

try {
  await startMockWorker({ quiet: true, quit: true } as never);
} catch (error) {
  state.unknownOption = (error as Error).message;
}
const mock = await startMockWorker({ quiet: true, ...(withFixtures ? { fixtures: sampleFixtures } : {}) });
mock.worker.events.on('response:mocked', ({ request, response }) => {
  state.mocked.push(`${request.method} ${pathOf(request)} ${response.status}`);
});
mock.worker.events.on('request:unhandled', ({ request }) => {
  state.unhandled.push(`${request.method} ${pathOf(request)}`);
});
mock.worker.events.on('response:bypass', ({ request, response }) => {
  state.bypassed.push(`${request.method} ${pathOf(request)} ${response.status}`);
});

(globalThis as unknown as { mswTest: MswTestPageState & { mock: MswMock } }).mswTest = Object.assign(state, { mock });
document.getElementById('status')!.textContent = 'ready';
