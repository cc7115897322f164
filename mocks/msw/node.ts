// The mock for Node tests: MSW's setupServer answering fetch (and http/XHR) to
// the mock's origin with the same behaviour core as the HTTP mock.
import { setupServer, type SetupServer } from 'msw/node';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { createMswMock, specOrigin, type MswMock, type MswMockOptions } from './create-msw-mock.ts';

export type { MswMock, MswMockOptions } from './create-msw-mock.ts';

/**
 * The core and its MSW handlers, to combine with your own handlers in your own
 * `setupServer(...)`. Default origin: the spec's server, `http://127.0.0.1:4010`.
 */
export function createNodeMockHandlers(options: MswMockOptions = {}): MswMock {
  const spec = loadBundledSpec();
  return createMswMock(spec, specOrigin(spec), options, 'createNodeMockHandlers');
}

/**
 * A ready `setupServer` for the mock; call `server.listen()` before the tests,
 * `reset()` between them and `server.close()` after them.
 *
 * @example
 * const mock = setupMockServer({ seed: 7, fixtures });
 * beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
 * afterEach(() => mock.reset());
 * afterAll(() => mock.server.close());
 */
export function setupMockServer(options: MswMockOptions = {}): MswMock & { server: SetupServer } {
  const spec = loadBundledSpec();
  const mock = createMswMock(spec, specOrigin(spec), options, 'setupMockServer');
  return { ...mock, server: setupServer(...mock.handlers) };
}
