// The fixtures a user's own tests get from `bucketkit/playwright`: a client
// per key the deployment's config declares (by its name; typed by the names
// with testFor), one sending no key, the run's test data, and what the run
// knows of the deployment. Whatever a test sends through them is judged by the
// seed's rules as the test ends.
import type { Route } from '../../openapi/contract/route-table.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { OperationId } from '../../openapi/contract/operation-types.ts';
import type { BucketRole } from '../client/request-builder.ts';
import type { ApiRequest, Auth, Exchange } from '../http/api-client.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';
import { test as kitTest, type KitTest } from './fixtures.ts';
import { keyClients } from './key-clients.ts';
import { typedCallRequest, type CallAnswer, type CallArgs } from './typed-call.ts';
import type { WorkerRun } from './worker-run.ts';

/** Sends requests as one key (or none). */
export interface KeyClient {
  /** Any request, its path relative to the base URL (or an absolute URL, e.g. a presigned one). */
  send(request: Omit<ApiRequest, 'auth'>): Promise<Exchange>;
  get(path: string, query?: Record<string, string>): Promise<Exchange>;
  post(path: string, json?: unknown): Promise<Exchange>;
  patch(path: string, json?: unknown): Promise<Exchange>;
  /**
   * An operation of the contract by its operationId, in the run's workspace, on a bucket of the run (`bucket`: its
   * role, default `allowed`, or any id): its other path parameters (`fileId`), `query` and `json` typed by the
   * operation, required ones required; the answer's `json` typed by its status.
   */
  call<K extends OperationId>(operationId: K, ...options: CallArgs<K>): Promise<CallAnswer<K>>;
}

/** What the run knows of the deployment (no token). */
export interface Deployment {
  baseUrl: string;
  workspaceId: string;
  buckets: { allowed: string; other: string };
  keys: { name: string; scopes: string[]; bucketIds: string[] | null }[];
  level: 'core' | 'profile';
}

/** The run's test data: files it uploads (and removes at the end of the run). */
export interface TestData {
  /** A fresh file in a bucket of the run (listed before it is returned). */
  file(bucket?: BucketRole, options?: { tags?: string[]; description?: string }): Promise<FixtureFile>;
}

function clientOf(run: WorkerRun, auth: Auth): KeyClient {
  const { api, settings } = run.session;
  const routes = new Map<string, Route>(loadRouteTable().map((r) => [r.operationId, r]));
  const send = (request: Omit<ApiRequest, 'auth'>) => api.send({ ...request, auth });
  return {
    send,
    get: (path, query) => send({ method: 'GET', path, query }),
    post: (path, json) => send({ method: 'POST', path, json }),
    patch: (path, json) => send({ method: 'PATCH', path, json }),
    call(operationId, ...[options]) {
      const route = routes.get(operationId);
      if (!route) throw new Error(`The contract has no operation "${operationId}"; its operations: ${[...routes.keys()].join(', ')}.`);
      const request = typedCallRequest(route, settings, (options ?? {}) as Parameters<typeof typedCallRequest>[2], auth);
      return api.send(request) as Promise<CallAnswer<typeof operationId>>;
    },
  };
}

/** The fixtures a user's own test gets: a client per declared key, one with no key, the run's test data, the settings. */
export interface UserFixtures<KeyName extends string = string> {
  keys: Record<KeyName, KeyClient>;
  anonymous: KeyClient;
  testData: TestData;
  deployment: Deployment;
}

export const test: KitTest<UserFixtures> = kitTest.extend<UserFixtures>({
  keys: async ({ bucketkitRun }, use) => {
    const names = bucketkitRun.session.settings.keys.map((k) => k.name);
    await use(keyClients(names, (name) => clientOf(bucketkitRun, { key: name })));
  },
  anonymous: async ({ bucketkitRun }, use) => use(clientOf(bucketkitRun, { none: true })),
  testData: async ({ bucketkitRun }, use) =>
    use({ file: (bucket = 'allowed', options = {}) => bucketkitRun.session.files.create(bucket, options) }),
  deployment: async ({ bucketkitRun }, use) => {
    const s = bucketkitRun.session.settings;
    await use({
      baseUrl: s.baseUrl,
      workspaceId: s.workspaceId,
      buckets: s.buckets,
      keys: s.keys.map(({ name, scopes, bucketIds }) => ({ name, scopes, bucketIds })),
      level: s.level,
    });
  },
});

/** The key names of a deployment config's type (`typeof deployment`, its names as literals), or a union of names. */
export type KeyNamesOf<C> = C extends string ? C : C extends { keys: readonly { name: infer N extends string }[] } ? N : never;

/**
 * The kit's `test` with `keys` typed by the names of a config: `testFor<KitKeyName>()` against the kit's mocks,
 * `testFor<'full' | 'ci-reader'>()` or `testFor<typeof deployment>()` against your own deployment. The same test at
 * run time, where a key the config lacks throws naming the ones it has.
 */
export function testFor<C extends string | { keys: readonly { name: string }[] }>(): KitTest<UserFixtures<KeyNamesOf<C>>> {
  return test as unknown as KitTest<UserFixtures<KeyNamesOf<C>>>;
}
