// Builds the behaviour core and its MSW handlers from one set of options; the
// Node and browser entry points differ only in where the spec comes from and
// which MSW setup function they call.
import type { HttpHandler } from 'msw';
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import { createMockApp, MOCK_APP_OPTIONS, type MockAppHandle, type MockAppOptions } from '../app/create-mock-app.ts';
import { bindControls, type MockControls } from '../app/mock-controls.ts';
import { checkOptionNames } from '../core/nearest-name.ts';
import { createMockHandlers, normaliseOrigin } from './msw-adapter.ts';

/** Options of the MSW front ends: the core's options, with origins instead of one origin. */
export interface MswMockOptions extends Omit<MockAppOptions, 'spec' | 'origin'> {
  /**
   * Origins whose mock paths MSW answers (`/api/...`, `/__mock/...`,
   * `/__uploads/...`, `/__downloads/...`). The first one is the origin of the
   * presigned URLs and of `GET /__mock/info`'s `baseUrl`.
   */
  origins?: readonly string[];
}

/** The option names of the MSW front ends' shared options. */
export const MSW_MOCK_OPTIONS = ['origins', ...MOCK_APP_OPTIONS.filter((name) => name !== 'spec' && name !== 'origin')] as const;

/** The mock behind MSW: its controls (`mock.scenario(...)`, `mock.reset()`, `mock.coverage()`, ...), core and handlers. */
export interface MswMock extends MockControls {
  /**
   * The behaviour core: `app.presetKeys` holds ready keys, `app.fixtureKeys`
   * the fixtures' keys, `app.info()` the live ids.
   */
  app: MockAppHandle;
  /** One `http.all` handler per origin. */
  handlers: HttpHandler[];
  /** The first origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
}

/** The origin of the spec's first server URL (the HTTP mock's default address). */
export function specOrigin(spec: ApiDocument): string {
  const url = spec.servers?.[0]?.url;
  if (!url) throw new Error('The bundled spec names no server URL; pass `origins` to the MSW mock.');
  return new URL(url).origin;
}

/**
 * Creates the core for `spec` and the MSW handlers that serve it on
 * `defaultOrigin` or `options.origins`. `extraOptions` are the front end's
 * own option names (an unknown name throws, naming the nearest one).
 */
export function createMswMock(
  spec: ApiDocument,
  defaultOrigin: string,
  options: MswMockOptions = {},
  where = 'the MSW mock',
  extraOptions: readonly string[] = [],
): MswMock {
  checkOptionNames(options, [...MSW_MOCK_OPTIONS, ...extraOptions], where);
  const { origins = [defaultOrigin], ...appOptions } = options;
  if (!Array.isArray(origins) || origins.length === 0)
    throw new Error('MSW mock option `origins` must be a non-empty array of origins, such as ["http://127.0.0.1:4010"].');
  const normalised = origins.map(normaliseOrigin);
  const app = createMockApp({ ...appOptions, spec, origin: normalised[0] });
  return { ...bindControls(app), app, handlers: createMockHandlers(app, normalised), origin: normalised[0] };
}
