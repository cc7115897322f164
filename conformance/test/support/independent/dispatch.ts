// Answers an API request in the order a careful server checks it: route,
// key (401), scope (403), workspace and bucket (404; a bucket outside the
// key's bucketIds is 403, this server's choice, G13), body (400), then the
// operation's handler. An unlisted method is 404 (G20: a choice).
import type { OperationId } from '../../../../openapi/contract/operation-types.ts';
import { badRequest, forbidden, notFound, unauthorized } from './answers.ts';
import { isAnswer } from './body.ts';
import type { Env, Matched } from './parts.ts';
import type { Answer, Call, Incoming, Key } from './types.ts';

async function authorized(request: Incoming, env: Env, key: Key, routed: Matched): Promise<Answer> {
  const { parts, world } = env;
  const { route, params } = routed;
  if (!parts.permits(key, routed, request)) return forbidden(`This key lacks the ${route.scope} scope.`);
  const workspaceId = params.workspaceId ?? '';
  if (route.workspaceScoped && !world.workspaces.has(workspaceId)) return notFound('workspace');
  let bucketId = '';
  if (route.bucketScoped) {
    if (!world.bucketIn(workspaceId, params.bucketId)) return notFound('bucket');
    if (!parts.reaches(key, params.bucketId, request)) return forbidden('This key may not use this bucket.');
    bucketId = parts.targetBucket(params.bucketId, request);
    if (!world.bucketIn(workspaceId, bucketId)) return notFound('bucket');
  }
  let json: Record<string, unknown> = {};
  let sent: Record<string, unknown> = {};
  if (route.requestBody) {
    const read = parts.readBody(request, route);
    if (isAnswer(read)) return read;
    ({ json, sent } = read);
  }
  const operationId = route.operationId as OperationId;
  const call: Call = { route, operationId, request, key, params, workspaceId, bucketId, json, sent };
  return parts.handlers[operationId](call, env);
}

/** Answers a request under the API's base path. */
export async function answerApi(request: Incoming, env: Env): Promise<Answer> {
  const routed = env.parts.router.match(request.method, request.path);
  if (routed.kind === 'bad-encoding') return badRequest('The path is not valid percent-encoding.');
  if (routed.kind !== 'route') return notFound('route');
  const key = env.parts.authenticate(request, env);
  if (!key) return unauthorized();
  return { ...(await authorized(request, env, key, routed)), key };
}
