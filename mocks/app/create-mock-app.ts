// Assembles the mock from a spec document: route table, matcher and validators
// compiled once, the world (seeded, with or instead of fixtures), keys, the
// core components with a deployment's profile played over them, the planted
// faults the self-test may switch on, and around them the scenarios, the
// request log and coverage. Browser-safe: it never reads files; front ends
// pass plain requests to handle().
import { buildRouteTable, listScopes, type Route } from '../../openapi/contract/route-table.ts';
import { createRouteMatcher } from '../../openapi/contract/route-matcher.ts';
import { createSchemaValidator, type SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { BodyAdmission, MockApp, MockRequest, MockResponse, RequestHead } from '../core/types.ts';
import type { MockEnvironment } from '../core/handler-context.ts';
import { seededHex, type KeySpec } from '../core/key-store.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import { buildExampleIndex } from '../core/prefer-code.ts';
import { coreControlRoutes, type ControlRoute } from '../core/control-api.ts';
import { createCoreComponents } from '../core/components.ts';
import { routeRequest } from '../core/mock-router.ts';
import { checkLatency, type Latency } from '../core/latency.ts';
import { checkOptionNames } from '../core/nearest-name.ts';
import { jsonResponse } from '../core/problems.ts';
import type { World } from '../world/world-types.ts';
import { HANDLERS, checkHandlers } from '../handlers/index.ts';
import { checkFaultTargets } from '../faults/fault-targets.ts';
import { FaultBoard } from '../faults/planted-faults.ts';
import type { FaultName } from '../faults/fault-catalog.ts';
import { checkFixtures, FixturesError } from '../fixtures/check-fixtures.ts';
import type { Fixtures } from '../fixtures/fixture-types.ts';
import { fixtureKeys } from '../fixtures/fixture-world.ts';
import { checkProfile, type MockProfile } from '../profile/check-profile.ts';
import { FOREIGN_BUCKET_CODE, playProfile, profileErrorFormat } from '../profile/play-profile.ts';
import { ScenarioBoard } from '../scenarios/scenario-board.ts';
import { RequestLog, type LoggedRequest } from '../observe/request-log.ts';
import type { OperationId } from '../../openapi/contract/operation-types.ts';
import { CoverageTally, documentedAnswers } from '../observe/coverage.ts';
import { createPresetKeys, type PresetKeys } from './preset-keys.ts';
import { keyPlan, type PlannedKey } from './key-plan.ts';
import { createWorldState } from './world-state.ts';
import { requestFacts } from './request-facts.ts';
import type { MockControls } from './mock-controls.ts';

export type { PresetKeys } from './preset-keys.ts';

export interface CreateMockAppOptions {
  /** The bundled OpenAPI document (openapi/dist/openapi.json). */
  spec: ApiDocument;
  seed?: number;
  /** Number of seeded files across all buckets (default 300). */
  files?: number;
  /** Workspaces, buckets, files and keys of your own: with the seeded world (`mode: 'merge'`, the default) or instead of it. */
  fixtures?: Fixtures;
  /** A deployment's profile (what the conformance suite learned from it): its choices are played back. */
  profile?: MockProfile;
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

/** The option names createMockApp takes (an unknown one throws, naming the nearest). */
export const MOCK_APP_OPTIONS = [
  'spec',
  'seed',
  'files',
  'fixtures',
  'profile',
  'origin',
  'faults',
  'latencyMs',
  'clock',
  'validator',
  'onError',
] as const satisfies readonly (keyof CreateMockAppOptions)[];

/** The same options under the name the MSW front ends use. */
export type MockAppOptions = CreateMockAppOptions;

export interface MockAppHandle extends MockApp, MockControls {
  readonly routes: readonly Route[];
  /** The API's base path from the spec's server URL, e.g. `/api/v1`. */
  readonly apiBase: string;
  /** The workspaces and buckets the mock started with, seeded and from fixtures (the live state is behind handle()). */
  readonly world: Pick<World, 'seed' | 'workspaces' | 'buckets'>;
  readonly presetKeys: PresetKeys;
  /** The preset keys' names, scopes and bucketIds (the kit's key plan, key-plan.ts), in the banner's order. */
  readonly presetPlan: readonly PlannedKey[];
  /** The fixtures' keys by name: their tokens (given, or made from the seed and the name). */
  readonly fixtureKeys: Readonly<Record<string, string>>;
  readonly knownScopes: readonly string[];
  /** Mints a key with a random token, or with `token` when given; `spec.name` names it in the request log. */
  mintKey(spec: KeySpec, token?: string): string;
  /** Switches planted faults on (for the conformance self-test); `[]` switches them off. */
  setFaults(names: readonly string[]): void;
  activeFaults(): FaultName[];
  /** The ids of the live world, as GET /__mock/info shows them. */
  info(origin?: string): {
    baseUrl: string;
    seed: number;
    files: number;
    workspaces: { id: string; name: string; buckets: string[] }[];
    faults: string[];
    /** How fixtures were applied, or null without fixtures. */
    fixtures: 'merge' | 'replace' | null;
    /** The base URL the played profile was learned from, or null without a profile. */
    profile: string | null;
  };
  /** Decides from a request's head whether a front end reads its body (and how much), or refuses it unread. */
  admitBody(head: RequestHead): BodyAdmission;
  setOrigin(origin: string): void;
}

const INTERNAL_ERROR: MockResponse = {
  status: 500,
  headers: { 'Content-Type': 'text/plain' },
  body: 'Internal error in the mock (a bug: please report it).',
};

/** Creates the mock; throws on bad options (naming them), fixtures or a profile that break the contract, or a spec the handlers do not cover. */
export function createMockApp(options: CreateMockAppOptions): MockAppHandle {
  checkOptionNames(options, MOCK_APP_OPTIONS, 'createMockApp');
  if (!options?.spec?.paths) throw new Error('createMockApp needs the bundled OpenAPI document as `spec`.');
  checkLatency(options.latencyMs);
  const routes = buildRouteTable(options.spec);
  const apiBase = specBasePath(options.spec);
  checkHandlers(routes);
  checkFaultTargets(routes);
  const clock = options.clock ?? systemClock;
  const knownScopes = listScopes(options.spec).map((s) => s.scope);
  // Request validators compile on first use and, right after start-up, in the
  // background; the mock never uses response validators.
  const validator = options.validator ?? createSchemaValidator(options.spec, routes, { compile: 'lazy' });
  if (!options.validator) setTimeout(() => void validator.warmUp('requests', true), 0);
  const profile = options.profile === undefined ? undefined : checkProfile(options.profile);
  const reservedKeyNames = keyPlan(knownScopes, undefined).map((key) => key.name);
  const fixtures =
    options.fixtures === undefined
      ? undefined
      : checkFixtures(options.fixtures, { validateRef: validator.validateRef, knownScopes, reservedKeyNames });
  if (fixtures?.mode === 'replace' && options.files !== undefined)
    throw new Error("createMockApp: `files` sizes the generated world, which fixtures with mode 'replace' replace; leave one of them out.");
  const world = createWorldState(options.seed, options.files, options.origin, () => clock.now(), fixtures);
  const { workspaces, buckets } = world.generated;
  const planWorld = workspaces.map((w) => ({ id: w.id, buckets: buckets.filter((b) => b.workspaceId === w.id).map((b) => b.id) }));
  const { keys, presetKeys, plan: presetPlan } = createPresetKeys(world.seed, knownScopes, planWorld);
  const fixtureTokens: Record<string, string> = {};
  (fixtures ? fixtureKeys(fixtures, world.generated) : []).forEach(({ token, ...spec }, k) => {
    if (token && keys.lookup(token))
      throw new FixturesError([{ field: `fixtures.keys[${k}].token`, message: 'is the token of a banner key; choose another' }]);
    fixtureTokens[spec.name] = keys.addPreset(world.seed, 'key', spec, token ?? `bk_key_${seededHex(world.seed, `fixture:${spec.name}`)}`);
  });
  let origin = options.origin;
  const env: MockEnvironment = {
    get store() {
      return world.store;
    },
    clock,
    origin: (headers) => origin ?? `http://${headers.host ?? '127.0.0.1'}`,
  };
  const matcher = createRouteMatcher(routes);
  const examples = buildExampleIndex(options.spec, routes);
  const deps = { spec: options.spec, routes, apiBase, handlers: HANDLERS, keys, knownScopes, env, validator, matcher, examples };
  const core = createCoreComponents(deps);
  const faults = new FaultBoard(profile ? playProfile(core, deps, profile) : core, deps, options.faults ?? []);
  const errorFormat = profileErrorFormat(profile);
  const scenarios = new ScenarioBoard(
    examples,
    routes.map((r) => r.operationId),
  );
  const log = new RequestLog();
  const foreign = profile?.overrides?.foreignBucketStatus;
  const tally = new CoverageTally(
    routes,
    documentedAnswers(options.spec, routes, { foreignBucketStatus: foreign, foreignBucketCode: FOREIGN_BUCKET_CODE }),
  );

  const isApi = (path: string) => path === apiBase || path.startsWith(`${apiBase}/`);
  const isControl = (path: string) => path.startsWith('/__mock/');
  const facts = (head: RequestHead) => requestFacts(head, apiBase, { matcher, keys, store: world.store });

  /** Logs a request the mock answered (the control API's own requests are not logged). */
  function record(
    head: MockRequest,
    noted: ReturnType<typeof facts> | undefined,
    response: MockResponse,
    timing: { at: number; started: number },
    scenario: string | null,
  ) {
    const answered = !response.networkError && !(head.clientGone ? head.clientGone() : head.signal?.aborted);
    const entry: LoggedRequest = {
      time: new Date(timing.at).toISOString(),
      ms: Math.round(performance.now() - timing.started),
      method: head.method,
      path: noted?.path ?? head.path,
      pathTemplate: noted?.route?.pathTemplate ?? null,
      // The route table is built from the spec, so its ids are the spec's operation ids.
      operationId: (noted?.route?.operationId as OperationId | undefined) ?? null,
      key: noted?.keyName ?? null,
      status: answered ? response.status : null,
      code: answered ? errorFormat.codeOf(response) : null,
      ...(noted?.bucketOutsideKey ? { bucketOutsideKey: true as const } : {}),
      scenario,
    };
    log.add(entry);
    if (noted) tally.note(entry);
  }

  /** The mock's own answer, errors in the deployment's format on the API. */
  async function ownAnswer(request: MockRequest): Promise<MockResponse> {
    const response = await routeRequest(faults.components, env, control, request, options.latencyMs);
    return isApi(request.path) ? errorFormat.write(response) : response;
  }

  const app: MockAppHandle = {
    routes,
    apiBase,
    world: world.generated,
    presetKeys,
    presetPlan,
    fixtureKeys: fixtureTokens,
    knownScopes,
    mintKey: (spec, token) => keys.mint(spec, token),
    setFaults: (names) => faults.set(names),
    activeFaults: () => faults.list(),
    reset() {
      const done = world.reset();
      keys.forgetMinted();
      scenarios.clear();
      return done;
    },
    scenario: (operationId, scenarioOptions) => scenarios.add(operationId, scenarioOptions as Record<string, unknown>),
    scenarios: () => scenarios.list(),
    clearScenarios: () => void scenarios.clear(),
    requests: () => log.list(),
    clearRequests() {
      log.clear();
      tally.clear();
    },
    coverage: () => tally.report(),
    info: (at) => ({
      ...world.describe(`${at ?? origin ?? ''}${apiBase}`),
      faults: faults.list(),
      fixtures: fixtures ? (fixtures.mode ?? 'merge') : null,
      profile: profile?.learnedFrom ?? null,
    }),
    admitBody(head) {
      const timing = { at: clock.now(), started: performance.now() };
      const admission = faults.components.admitBody(head);
      if (!('refusal' in admission)) return admission;
      const refusal = isApi(head.path) ? errorFormat.write(admission.refusal) : admission.refusal;
      if (!isControl(head.path)) record(head, isApi(head.path) ? facts(head) : undefined, refusal, timing, null);
      return { refusal };
    },
    setOrigin(value) {
      origin = value;
    },
    async handle(request) {
      const timing = { at: clock.now(), started: performance.now() };
      const noted = isApi(request.path) ? facts(request) : undefined;
      let response: MockResponse;
      let scenario: string | null = null;
      try {
        const route = noted?.route;
        const held = route ? scenarios.take({ route, bucketId: noted.params.bucketId, keyName: noted.keyName }) : undefined;
        scenario = held?.id ?? null;
        response =
          held && route
            ? await scenarios.play(held, request, route, () => ownAnswer(request), errorFormat.write)
            : await ownAnswer(request);
      } catch (error) {
        (options.onError ?? console.error)(error);
        response = INTERNAL_ERROR;
      }
      if (!isControl(request.path)) record(request, noted, response, timing, scenario);
      return response;
    },
  };
  const control: ControlRoute[] = [
    ...coreControlRoutes({
      knownScopes,
      bucketExists: (id) => world.store.buckets.has(id),
      mintKey: app.mintKey,
      tokenTaken: (token) => keys.lookup(token) !== undefined,
      reset: app.reset,
      info: (request: MockRequest) => app.info(env.origin(request.headers)),
    }),
    ...faults.controlRoutes(),
    ...scenarios.controlRoutes(),
    {
      method: 'GET',
      path: '/__mock/requests',
      fields: [],
      answer: () => jsonResponse(200, { requests: log.list(), dropped: log.dropped }),
    },
    {
      method: 'DELETE',
      path: '/__mock/requests',
      fields: [],
      answer: () => {
        app.clearRequests();
        return jsonResponse(200, { cleared: true });
      },
    },
    { method: 'GET', path: '/__mock/coverage', fields: [], answer: () => jsonResponse(200, tally.report()) },
  ];
  return app;
}
