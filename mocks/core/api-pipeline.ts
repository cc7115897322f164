// Runs one API request through the components' steps, in the order of the
// shared decisions: route → query → key → scope → agent rule → path
// parameters → workspace and bucket → query values → body → Prefer → the
// operation's handler → finish.
import type { MockRequest, MockResponse } from './types.ts';
import type { HandlerContext, MockEnvironment, OperationHandler, OperationId, RequestBody } from './handler-context.ts';
import type { MockComponents } from './components.ts';
import { reachesBucket } from './access-rules.ts';

/** Answers one request whose path starts with the components' API base. */
export async function runApiPipeline(c: MockComponents, env: MockEnvironment, request: MockRequest): Promise<MockResponse> {
  return c.steps.finish(await answer(c, env, request), request);
}

async function answer(c: MockComponents, env: MockEnvironment, request: MockRequest): Promise<MockResponse> {
  const s = c.steps;
  const match = s.locate(request.method, request.path.slice(c.apiBase.length) || '/');
  if (match.kind !== 'matched') return s.unrouted(match, request);
  const { route, params } = match;
  const query = s.readQuery(request.query);
  if ('refusal' in query) return query.refusal;
  const caller = s.authenticate(request, query.query);
  if ('refusal' in caller) return caller.refusal;
  const refused = s.checkScope(route, caller, request) ?? s.agentRule(route) ?? s.checkPath(route, params);
  if (refused) return refused;
  const place = s.findBucket(route, caller, params);
  if ('refusal' in place) return place.refusal;
  const checked = s.checkQuery(route, params, query.query);
  if ('refusal' in checked) return checked.refusal;
  const body = s.readBody(route, request);
  if ('refusal' in body) return body.refusal;
  const simulated = s.simulate(route, request);
  if (simulated) return simulated;

  const { store } = env;
  const bucket = place.bucket!;
  const ctx: HandlerContext = {
    route,
    env,
    store,
    key: caller.key,
    params: checked.values,
    // Ajv checked it against the operation's request schema, so it has the spec's type.
    body: body.value as RequestBody<OperationId>,
    headers: request.headers,
    workspace: place.workspace!,
    bucket,
    reaches: (bucketId) => reachesBucket(caller.key, bucketId),
    lookupFile: (fileId) => store.readyFileIn(bucket, fileId),
  };
  // The app checks at start-up that every route's operationId has a handler.
  const handler = c.handlers[route.operationId as OperationId] as OperationHandler<OperationId>;
  return handler(ctx);
}
