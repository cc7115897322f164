// The named steps every API request goes through, each a plain function that
// can be replaced or wrapped on its own (the app assembles them; a variant of
// the mock swaps a step instead of branching inside it). Scopes, buckets and
// validation come only from the route table and the spec's schemas.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { RouteMatch, RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { Workspace } from '../world/world-types.ts';
import type { BucketState } from '../store/world-store.ts';
import type { MockRequest, MockResponse } from './types.ts';
import type { KeyStore } from './key-store.ts';
import type { MockEnvironment } from './handler-context.ts';
import { authenticate, holdsScope, insufficientScope, reachesBucket, type Caller } from './access-rules.ts';
import { badRequest, notFound, problem } from './problems.ts';
import { readJsonBody, type BodyResult } from './request-body.ts';
import { exampleResponse, preferredCode, type ExampleIndex } from './prefer-code.ts';

/** A step's refusal: the answer that ends the request. */
export interface Refusal {
  refusal: MockResponse;
}

/** Where a workspace- or bucket-scoped route acts. */
export interface Place {
  workspace?: Workspace;
  bucket?: BucketState;
}

/** What the steps are built from. */
export interface StepDeps {
  matcher: RouteMatcher;
  validator: SchemaValidator;
  keys: KeyStore;
  examples: ExampleIndex;
  env: MockEnvironment;
}

export interface ApiSteps {
  /** Finds the route of a path relative to the API base. */
  locate(method: string, path: string): RouteMatch;
  /** The answer when no route matched: 404, 405 with Allow, or 400 for a bad escape. */
  unrouted(match: Exclude<RouteMatch, { kind: 'matched' }>, request: MockRequest): MockResponse | Promise<MockResponse>;
  readQuery(raw: string): { query: URLSearchParams } | Refusal;
  authenticate(request: MockRequest, query: URLSearchParams): Caller | Refusal;
  checkScope(route: Route, caller: Caller, request: MockRequest): MockResponse | undefined;
  /** The seed's rule that agent HTTP clients must not call a route (upload-complete). */
  agentRule(route: Route): MockResponse | undefined;
  checkPath(route: Route, params: Record<string, string>): MockResponse | undefined;
  /** Finds the workspace and bucket the path names, as far as the key's bucketIds reach. */
  findBucket(route: Route, caller: Caller, params: Record<string, string>): Place | Refusal;
  checkQuery(route: Route, params: Record<string, string>, query: URLSearchParams): { values: Record<string, unknown> } | Refusal;
  readBody(route: Route, request: MockRequest): BodyResult;
  /** `Prefer: code=NNN`: the documented example of that status, as Prism does. */
  simulate(route: Route, request: MockRequest): MockResponse | undefined;
  /** The last touch on every API answer. */
  finish(response: MockResponse, request: MockRequest): MockResponse;
}

const SEED_RULE =
  'Seed §1 and §4: an agent HTTP client must not POST to the upload-complete endpoint; an uploading agent follows the upload flow (presign-upload, then PUT the bytes to the returned URL), and the server finalises the file by itself.';

const errorsAt = (route: Route, validator: SchemaValidator, params: Record<string, string>, query: URLSearchParams) =>
  validator.validateParams(route, params, query);

/** The contract's own steps. */
export function createApiSteps(deps: StepDeps): ApiSteps {
  const { matcher, validator, keys, examples, env } = deps;
  return {
    locate: (method, path) => matcher.match(method, path),
    unrouted(match, request) {
      if (match.kind === 'bad-path')
        return badRequest(match.detail, [{ location: 'path', field: '', message: 'is not valid percent-encoding' }]);
      if (match.kind === 'method-not-allowed') {
        const allow = match.allowed.join(', ');
        return problem(405, 'method_not_allowed', `${request.method} is not allowed here; use ${allow}.`, { headers: { Allow: allow } });
      }
      return notFound(`No route ${request.method} ${request.path}. Routes live under the API base; see the OpenAPI document.`);
    },
    readQuery(raw) {
      if (raw.includes('%')) {
        try {
          decodeURIComponent(raw.replace(/\+/g, ' '));
        } catch {
          return {
            refusal: badRequest('The query string is not valid percent-encoding.', [
              { location: 'query', field: '', message: 'is not valid percent-encoding' },
            ]),
          };
        }
      }
      return { query: new URLSearchParams(raw) };
    },
    authenticate(request) {
      const caller = authenticate(request.headers, keys);
      return 'status' in caller ? { refusal: caller } : caller;
    },
    checkScope: (route, caller) => (holdsScope(route, caller.key) ? undefined : insufficientScope(route)),
    agentRule: (route) =>
      route.agentForbidden
        ? problem(403, 'agent_upload_complete_forbidden', `${SEED_RULE} Every API-key client counts as an agent HTTP client here.`)
        : undefined,
    checkPath(route, params) {
      const errors = errorsAt(route, validator, params, new URLSearchParams()).errors.filter((e) => e.location === 'path');
      return errors.length > 0 ? badRequest('A path parameter is invalid.', errors) : undefined;
    },
    findBucket(route, caller, params) {
      if (!route.workspaceScoped) return {};
      const { store } = env;
      const workspace = store.workspace(params.workspaceId);
      const reachable = (bucket: BucketState) => reachesBucket(caller.key, bucket.bucket.id);
      // Unknown and unreachable workspaces and buckets get the same 404 wording.
      const visible = workspace && (store.bucketsOf.get(workspace.id) ?? []).some(reachable);
      if (!route.bucketScoped) return visible ? { workspace } : { refusal: notFound(`No workspace ${params.workspaceId}.`) };
      const bucket = store.buckets.get(params.bucketId);
      if (!workspace || !bucket || bucket.bucket.workspaceId !== workspace.id || !reachable(bucket)) {
        return { refusal: notFound(`No bucket ${params.bucketId} in workspace ${params.workspaceId}.`) };
      }
      return { workspace, bucket };
    },
    checkQuery(route, params, query) {
      const checked = errorsAt(route, validator, params, query);
      const errors = checked.errors.filter((e) => e.location !== 'path');
      return errors.length > 0 ? { refusal: badRequest('A query parameter is invalid.', errors) } : { values: checked.values };
    },
    readBody: (route, request) => readJsonBody(route, request, validator),
    simulate(route, request) {
      const code = preferredCode(request.headers.prefer);
      return code === undefined ? undefined : exampleResponse(examples, route, code);
    },
    finish: (response) => response,
  };
}
