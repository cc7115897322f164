// Assembles the mock from a spec document: route table, matcher and validators
// compiled once, the seeded world, keys, the core components and handlers, and
// the planted faults the self-test may switch on. Browser-safe: it never reads
// files; front ends pass plain requests to handle().
import { buildRouteTable, listScopes, type Route } from '../../openapi/contract/route-table.ts';
import { createRouteMatcher } from '../../openapi/contract/route-matcher.ts';
import { createSchemaValidator, type SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { BodyAdmission, MockApp, MockRequest, RequestHead } from '../core/types.ts';
import type { MockEnvironment } from '../core/handler-context.ts';
import type { KeySpec } from '../core/key-store.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import { buildExampleIndex } from '../core/prefer-code.ts';
import { coreControlRoutes } from '../core/control-api.ts';
import { createCoreComponents } from '../core/components.ts';
import { routeRequest } from '../core/mock-router.ts';
import { checkLatency, type Latency } from '../core/latency.ts';
import type { World } from '../world/world-types.ts';
import { HANDLERS, checkHandlers } from '../handlers/index.ts';
import { checkFaultTargets } from '../faults/fault-targets.ts';
import { FaultBoard } from '../faults/planted-faults.ts';
import type { FaultName } from '../faults/fault-catalog.ts';
import { createPresetKeys, type PresetKeys } from './preset-keys.ts';
import { createWorldState } from './world-state.ts';

export type { PresetKeys } from './preset-keys.ts';

export interface CreateMockAppOptions {
  /** The bundled OpenAPI document (openapi/dist/openapi.json). */
  spec: ApiDocument;
  seed?: number;
  /** Number of seeded files across all buckets (default 300). */
  files?: number;
  /** Origin of presigned URLs, e.g. `http://127.0.0.1:4010`; else taken from the Host header. */
  origin?: string;
  /** Planted faults to switch on (for the conformance self-test; names in mocks/faults/fault-catalog.ts). */
  faults?: readonly string[];
  /** Added delay for API answers: a fixed number of ms or a [min, max] range. */
  latencyMs?: Latency;
  clock?: Clock;
  /** Prebuilt validators of the same spec (saves compiling twice). */
  validator?: SchemaValidator;
  /** Called with unexpected errors before they become a 500. */
  onError?: (error: unknown) => void;
}

/** The same options under the name the MSW front ends use. */
export type MockAppOptions = CreateMockAppOptions;

export interface MockAppHandle extends MockApp {
  readonly routes: readonly Route[];
  /** The API's base path from the spec's server URL, e.g. `/api/v1`. */
  readonly apiBase: string;
  /** The seeded workspaces and buckets as generated (for banners and tools; the live state is behind handle()). */
  readonly world: Pick<World, 'seed' | 'workspaces' | 'buckets'>;
  readonly presetKeys: PresetKeys;
  readonly knownScopes: readonly string[];
  /** Mints a key with a random token, or with `token` when given. */
  mintKey(spec: KeySpec, token?: string): string;
  /** Switches planted faults on (for the conformance self-test); `[]` switches them off. */
  setFaults(names: readonly string[]): void;
  activeFaults(): FaultName[];
  /** The ids of the seeded world, as GET /__mock/info shows them. */
  info(origin?: string): {
    baseUrl: string;
    seed: number;
    files: number;
    workspaces: { id: string; name: string; buckets: string[] }[];
    faults: string[];
  };
  /** Decides from a request's head whether a front end reads its body (and how much), or refuses it unread. */
  admitBody(head: RequestHead): BodyAdmission;
  setOrigin(origin: string): void;
}

/** Creates the mock; throws on bad options or a spec the handlers do not cover. */
export function createMockApp(options: CreateMockAppOptions): MockAppHandle {
  if (!options?.spec?.paths) throw new Error('createMockApp needs the bundled OpenAPI document as `spec`.');
  checkLatency(options.latencyMs);
  const routes = buildRouteTable(options.spec);
  const apiBase = specBasePath(options.spec);
  checkHandlers(routes);
  checkFaultTargets(routes);
  const clock = options.clock ?? systemClock;
  const world = createWorldState(options.seed, options.files, options.origin, () => clock.now());
  const knownScopes = listScopes(options.spec).map((s) => s.scope);
  const { keys, presetKeys } = createPresetKeys(world.seed, knownScopes, world.generated.buckets[0].id);
  let origin = options.origin;
  const env: MockEnvironment = {
    get store() {
      return world.store;
    },
    clock,
    origin: (headers) => origin ?? `http://${headers.host ?? '127.0.0.1'}`,
  };
  // Request validators compile on first use and, right after start-up, in the
  // background; the mock never uses response validators.
  const validator = options.validator ?? createSchemaValidator(options.spec, routes, { compile: 'lazy' });
  if (!options.validator) setTimeout(() => void validator.warmUp('requests', true), 0);
  const deps = {
    apiBase,
    handlers: HANDLERS,
    keys,
    knownScopes,
    env,
    validator,
    matcher: createRouteMatcher(routes),
    examples: buildExampleIndex(options.spec, routes),
  };
  const faults = new FaultBoard(createCoreComponents(deps), deps, options.faults ?? []);

  const app: MockAppHandle = {
    routes,
    apiBase,
    world: world.generated,
    presetKeys,
    knownScopes,
    mintKey: (spec, token) => keys.mint(spec, token),
    setFaults: (names) => faults.set(names),
    activeFaults: () => faults.list(),
    reset() {
      const done = world.reset();
      keys.forgetMinted();
      return done;
    },
    info: (at) => ({ ...world.describe(`${at ?? origin ?? ''}${apiBase}`), faults: faults.list() }),
    admitBody: (head) => faults.components.admitBody(head),
    setOrigin(value) {
      origin = value;
    },
    async handle(request) {
      try {
        return await routeRequest(faults.components, env, control, request, options.latencyMs);
      } catch (error) {
        (options.onError ?? console.error)(error);
        return { status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'Internal error in the mock (a bug: please report it).' };
      }
    },
  };
  const control = [
    ...coreControlRoutes({
      knownScopes,
      bucketExists: (id) => world.store.buckets.has(id),
      mintKey: app.mintKey,
      tokenTaken: (token) => keys.lookup(token) !== undefined,
      reset: app.reset,
      info: (request: MockRequest) => app.info(env.origin(request.headers)),
    }),
    ...faults.controlRoutes(),
  ];
  return app;
}
