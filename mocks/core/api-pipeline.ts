// The one generic pipeline every /api/v1 request goes through, in the order
// of the shared decisions: route → auth → scope → agent rule → path params →
// workspace/bucket (bucketIds) → query → body → Prefer → the bound handler.
// Scopes, buckets and validation come only from the route table and validator.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import type { FieldError, SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { MockRequest, MockResponse } from './types.ts';
import type { HandlerContext, HandlerTable, MockEnvironment } from './handler-context.ts';
import type { ApiKey, KeyStore } from './key-store.ts';
import { authenticate, holdsScope, insufficientScope, reachesBucket } from './access-rules.ts';
import { badRequest, notFound, problem } from './problems.ts';
import { readJsonBody } from './request-body.ts';
import { exampleResponse, preferredCode, type ExampleIndex } from './prefer-code.ts';
import { faultTargets } from '../faults/fault-targets.ts';
import { forbiddenAnswer, internalError, spaFallback, withoutFirstField } from '../faults/fault-answers.ts';
import type { FaultSwitches } from '../faults/fault-switches.ts';

export interface PipelineParts {
  matcher: RouteMatcher;
  validator: SchemaValidator;
  keys: KeyStore;
  fullAccess: ApiKey;
  examples: ExampleIndex;
  handlers: HandlerTable;
  env: MockEnvironment;
}

const SEED_RULE =
  'Seed §1 and §4: an agent HTTP client must not POST to the upload-complete endpoint; an uploading agent follows the upload flow (presign-upload, then PUT the bytes to the returned URL), and the server finalises the file by itself.';

function parseQuery(raw: string, faults: FaultSwitches): URLSearchParams | MockResponse {
  if (raw.includes('%')) {
    try {
      decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      if (faults.on('bad-query-500')) return internalError();
      return badRequest('The query string is not valid percent-encoding.', [
        { location: 'query', field: '', message: 'is not valid percent-encoding' },
      ]);
    }
  }
  return new URLSearchParams(raw);
}

// The planted route-moved fault serves moveFiles at `.../files:move` and hides the documented path.
function locate(parts: PipelineParts, method: string, path: string) {
  const movedFault = parts.env.faults.on('route-moved');
  const moved = movedFault && path.endsWith('/files:move');
  const match = parts.matcher.match(method, moved ? `${path.slice(0, -':move'.length)}/move` : path);
  if (movedFault && !moved && match.kind === 'matched' && faultTargets('route-moved', match.route)) return { kind: 'not-found' as const };
  return match;
}

const pathErrors = (errors: FieldError[]) => errors.filter((e) => e.location === 'path');
const queryErrors = (errors: FieldError[]) => errors.filter((e) => e.location !== 'path');

/** Answers one API request (path already known to start with the API base). */
export async function handleApiRequest(parts: PipelineParts, request: MockRequest, base: string): Promise<MockResponse> {
  const response = await answerApiRequest(parts, request, base);
  return parts.env.faults.on('response-first-field-dropped') ? withoutFirstField(response) : response;
}

async function answerApiRequest(parts: PipelineParts, request: MockRequest, base: string): Promise<MockResponse> {
  const { env } = parts;
  const path = request.path.slice(base.length) || '/';
  const match = locate(parts, request.method, path);
  if (match.kind === 'not-found') {
    if (env.faults.on('unknown-paths-served')) return spaFallback();
    return notFound(`No route ${request.method} ${request.path}. Routes live under ${base}; see the OpenAPI document.`);
  }
  if (match.kind === 'bad-path') {
    if (env.faults.on('bad-path-500')) return internalError();
    return badRequest(match.detail, [{ location: 'path', field: '', message: 'is not valid percent-encoding' }]);
  }
  if (match.kind === 'method-not-allowed') {
    if (env.faults.on('unlisted-method-404')) return notFound(`No route ${request.method} ${request.path}.`);
    return problem(405, 'method_not_allowed', `${request.method} is not allowed here; use ${match.allowed.join(', ')}.`, {
      headers: { Allow: match.allowed.join(', ') },
    });
  }
  const route = match.route;
  const query = parseQuery(request.query, env.faults);
  if (!(query instanceof URLSearchParams)) return query;

  const auth = authenticate(request.headers, query, parts.keys, parts.fullAccess, env.faults);
  if ('refusal' in auth) return auth.refusal;
  const { key } = auth;
  let deferredRefusal: MockResponse | undefined;
  if (!holdsScope(route, key, env.faults)) {
    const refusal = insufficientScope(route, auth.token, env.faults);
    // The planted fault refuses but still lets the change through.
    if (!env.faults.on('refusal-changes-state')) return refusal;
    deferredRefusal = refusal;
  }
  if (route.agentForbidden && !env.faults.on('upload-needs-complete')) {
    return problem(403, 'agent_upload_complete_forbidden', `${SEED_RULE} Every API-key client counts as an agent HTTP client here.`);
  }

  let checked = parts.validator.validateParams(route, match.params, query);
  if (pathErrors(checked.errors).length > 0) {
    if (env.faults.on('bad-path-500')) return internalError();
    if (env.faults.on('bad-id-404')) return notFound(`No such resource at ${request.path}.`);
    return badRequest('A path parameter is invalid.', pathErrors(checked.errors));
  }
  const scope = resolveScope(parts, route, key, match.params);
  if ('refusal' in scope) return scope.refusal;
  if (queryErrors(checked.errors).length > 0) {
    if (env.faults.on('bad-query-500')) return internalError();
    if (!env.faults.on('bad-query-defaulted')) return badRequest('A query parameter is invalid.', queryErrors(checked.errors));
    // The planted fault drops the bad values and carries on with the defaults.
    const kept = new URLSearchParams([...query].filter(([name]) => !queryErrors(checked.errors).some((e) => e.field === name)));
    checked = parts.validator.validateParams(route, match.params, kept);
  }
  const body = readJsonBody(route, request, parts.validator, env.faults);
  if ('refusal' in body) return body.refusal;

  const code = deferredRefusal ? undefined : preferredCode(request.headers.prefer);
  if (code !== undefined) return exampleResponse(parts.examples, route, code);

  const ctx: HandlerContext = {
    route,
    env,
    store: env.store,
    key,
    params: checked.values,
    body: body.value,
    headers: request.headers,
    workspace: scope.workspace!,
    bucket: scope.bucket!,
    reaches: (bucketId, use) => reachesBucket(key, bucketId, use, route, env.faults),
  };
  const response = await parts.handlers[route.operationId](ctx);
  return deferredRefusal ?? response;
}

type Scope = { workspace?: HandlerContext['workspace']; bucket?: HandlerContext['bucket'] } | { refusal: MockResponse };

// Unknown and unreachable workspaces and buckets get the same 404 wording.
function resolveScope(parts: PipelineParts, route: Route, key: ApiKey, params: Record<string, string>): Scope {
  if (!route.workspaceScoped) return {};
  const { store, faults } = parts.env;
  const workspaceId = params.workspaceId;
  const workspace = store.workspace(workspaceId);
  const visible =
    workspace && (store.bucketsOf.get(workspace.id) ?? []).some((b) => reachesBucket(key, b.bucket.id, 'list-workspaces', route, faults));
  if (!route.bucketScoped) return visible ? { workspace } : { refusal: notFound(`No workspace ${workspaceId}.`) };
  const bucket = store.buckets.get(params.bucketId);
  const reachable = bucket && bucket.bucket.workspaceId === workspaceId && reachesBucket(key, bucket.bucket.id, 'route', route, faults);
  if (workspace && bucket && !reachable && bucket.bucket.workspaceId === workspaceId && faults.on('foreign-bucket-403')) {
    return { refusal: forbiddenAnswer('This key may not reach this bucket.') };
  }
  if (!workspace || !reachable) return { refusal: notFound(`No bucket ${params.bucketId} in workspace ${workspaceId}.`) };
  return { workspace, bucket };
}
