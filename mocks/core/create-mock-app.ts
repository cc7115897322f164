// Builds the mock's behaviour core from a spec document: route table, matcher
// and validators compiled once, the seeded world, keys, faults and handlers.
// Browser-safe: it never reads files; front ends pass plain requests to handle().
import { buildRouteTable, listScopes, type Route } from '../../openapi/contract/route-table.ts';
import { createRouteMatcher } from '../../openapi/contract/route-matcher.ts';
import { createSchemaValidator, type SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { MockApp, MockRequest, MockResponse } from './types.ts';
import type { MockEnvironment } from './handler-context.ts';
import { KeyStore, type KeySpec } from './key-store.ts';
import { systemClock, type Clock } from './clock.ts';
import { handleApiRequest, type PipelineParts } from './api-pipeline.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import { buildExampleIndex } from './prefer-code.ts';
import { handleControl } from './control-api.ts';
import { receiveUpload, serveDownload } from './presigned-endpoints.ts';
import { MAX_JSON_BODY_BYTES } from './request-body.ts';
import { notFound } from './problems.ts';
import { spaFallback } from '../faults/fault-answers.ts';
import { checkLatency, delay, type Latency } from './latency.ts';
import { DEFAULT_FILE_COUNT, DEFAULT_SEED, generateWorld } from '../world/generate-world.ts';
import type { World } from '../world/world-types.ts';
import { WorldStore } from '../store/world-store.ts';
import { FaultSwitches } from '../faults/fault-switches.ts';
import { checkFaultTargets } from '../faults/fault-targets.ts';
import { HANDLERS, checkHandlers } from '../handlers/index.ts';
import { MAX_UPLOAD_BYTES } from '../handlers/uploads.ts';

// Where the planted api-prefix-moved fault serves the API.
const MOVED_API_BASE = '/v1';

/** Up to this many files, reset clones a kept copy of the world; above, it regenerates it from the seed. */
const CLONE_RESET_MAX_FILES = 20_000;

export interface CreateMockAppOptions {
  /** The bundled OpenAPI document (openapi/dist/openapi.json). */
  spec: ApiDocument;
  seed?: number;
  /** Number of seeded files across all buckets (default 300). */
  files?: number;
  /** Origin of presigned URLs, e.g. `http://127.0.0.1:4010`; else taken from the Host header. */
  origin?: string;
  /** Planted faults to switch on (names from mocks/faults/fault-catalog.ts). */
  faults?: readonly string[];
  /** Added delay for /api/v1 answers: a fixed number of ms or a [min, max] range. */
  latencyMs?: Latency;
  clock?: Clock;
  /** Prebuilt validators of the same spec (saves compiling twice). */
  validator?: SchemaValidator;
  /** Called with unexpected errors before they become a 500. */
  onError?: (error: unknown) => void;
}

/** The same options under the name the MSW front ends use. */
export type MockAppOptions = CreateMockAppOptions;

export interface PresetKeys {
  /** Every scope, every bucket. */
  full: string;
  /** Every `:read` scope, every bucket. */
  readOnly: string;
  /** Every scope, only the first bucket of the first workspace. */
  oneBucket: string;
}

export interface MockAppHandle extends MockApp {
  readonly routes: readonly Route[];
  /** The API's base path from the spec's server URL, e.g. `/api/v1`. */
  readonly apiBase: string;
  /** The seeded workspaces and buckets as generated (for banners and tools; the live state is behind handle()). */
  readonly world: Pick<World, 'seed' | 'workspaces' | 'buckets'>;
  readonly presetKeys: PresetKeys;
  readonly knownScopes: readonly string[];
  mintKey(spec: KeySpec): string;
  setFaults(names: readonly string[]): void;
  activeFaults(): string[];
  /** The ids of the seeded world, as GET /__mock/info shows them. */
  info(origin?: string): {
    baseUrl: string;
    seed: number;
    files: number;
    workspaces: { id: string; name: string; buckets: string[] }[];
    faults: string[];
  };
  /** How many body bytes a front end should read for this path before setting `bodyTruncated`. */
  bodyLimit(path: string): number;
  setOrigin(origin: string): void;
}

/** Creates the behaviour core; throws on bad options or a spec the handlers do not cover. */
export function createMockApp(options: CreateMockAppOptions): MockAppHandle {
  if (!options?.spec?.paths) throw new Error('createMockApp needs the bundled OpenAPI document as `spec`.');
  const seed = options.seed ?? DEFAULT_SEED;
  const fileCount = options.files ?? DEFAULT_FILE_COUNT;
  checkLatency(options.latencyMs);
  const routes = buildRouteTable(options.spec);
  const apiBase = specBasePath(options.spec);
  checkHandlers(routes);
  checkFaultTargets(routes);
  const faults = new FaultSwitches(options.faults ?? []);
  const worldOptions = { seed, files: fileCount, origin: options.origin };
  const world = generateWorld(worldOptions);
  // Small worlds keep a pristine copy so a reset costs a clone, not a regeneration.
  const pristine = fileCount <= CLONE_RESET_MAX_FILES ? structuredClone(world) : undefined;
  const summary = { seed, workspaces: world.workspaces.map((w) => ({ ...w })), buckets: world.buckets.map((b) => ({ ...b })) };
  const knownScopes = listScopes(options.spec).map((s) => s.scope);
  const keys = new KeyStore();
  const all = { scopes: knownScopes, bucketIds: null };
  const presetKeys: PresetKeys = {
    full: keys.addPreset(seed, 'full', all),
    readOnly: keys.addPreset(seed, 'read', { scopes: knownScopes.filter((s) => s.endsWith(':read')), bucketIds: null }),
    oneBucket: keys.addPreset(seed, 'bucket', { scopes: knownScopes, bucketIds: [world.buckets[0].id] }),
  };
  let store = new WorldStore(world);
  let origin = options.origin;
  const env: MockEnvironment = {
    get store() {
      return store;
    },
    faults,
    clock: options.clock ?? systemClock,
    origin: (headers) => origin ?? `http://${headers.host ?? '127.0.0.1'}`,
  };
  // Request validators compile on first use and, right after start-up, in the
  // background; the mock never uses response validators.
  const validator = options.validator ?? createSchemaValidator(options.spec, routes, { compile: 'lazy' });
  if (!options.validator) setTimeout(() => void validator.warmUp('requests', true), 0);
  const parts: PipelineParts = {
    matcher: createRouteMatcher(routes),
    validator,
    keys,
    fullAccess: keys.lookup(presetKeys.full)!,
    examples: buildExampleIndex(options.spec, routes),
    handlers: HANDLERS,
    env,
  };

  const app: MockAppHandle = {
    routes,
    apiBase,
    world: summary,
    presetKeys,
    knownScopes,
    mintKey: (spec) => keys.mint(spec),
    setFaults: (names) => faults.set(names),
    activeFaults: () => faults.list(),
    // The store owns and mutates its world, so a reset starts from a fresh copy.
    reset() {
      store = new WorldStore(pristine ? structuredClone(pristine) : generateWorld(worldOptions));
      keys.forgetMinted();
    },
    info: (at) => ({
      baseUrl: `${at ?? origin ?? ''}${apiBase}`,
      seed,
      files: fileCount,
      workspaces: store.workspaces.map((w) => ({
        id: w.id,
        name: w.name,
        buckets: (store.bucketsOf.get(w.id) ?? []).map((b) => b.bucket.id),
      })),
      faults: faults.list(),
    }),
    bodyLimit: (path) => (path.startsWith('/__uploads/') || env.faults.on('body-limit-ignored') ? MAX_UPLOAD_BYTES : MAX_JSON_BODY_BYTES),
    setOrigin(value) {
      origin = value;
    },
    async handle(request) {
      try {
        return await route(request);
      } catch (error) {
        (options.onError ?? console.error)(error);
        return { status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'Internal error in the mock (a bug: please report it).' };
      }
    },
  };

  async function route(request: MockRequest): Promise<MockResponse> {
    const path = request.path;
    // The planted api-prefix-moved fault serves the API under /v1 instead.
    const base = env.faults.on('api-prefix-moved') ? MOVED_API_BASE : apiBase;
    if (path === base || path.startsWith(`${base}/`)) {
      if (options.latencyMs) await delay(options.latencyMs);
      return handleApiRequest(parts, request, base);
    }
    if (path.startsWith('/__mock/')) {
      return handleControl(
        {
          knownScopes,
          bucketExists: (id) => store.buckets.has(id),
          mintKey: app.mintKey,
          reset: app.reset,
          info: (r) => app.info(env.origin(r.headers)),
          setFaults: app.setFaults,
          activeFaults: app.activeFaults,
        },
        request,
      );
    }
    const transfer = /^\/__(uploads|downloads)\/([A-Za-z0-9_-]{1,128})$/.exec(path);
    if (transfer?.[1] === 'uploads') return receiveUpload(env, request, transfer[2]);
    if (transfer?.[1] === 'downloads') return serveDownload(env, request, transfer[2]);
    if (env.faults.on('unknown-paths-served')) return spaFallback();
    return notFound(`Nothing at ${path}. The API lives under ${apiBase}; the mock's control API under /__mock/.`);
  }

  return app;
}
