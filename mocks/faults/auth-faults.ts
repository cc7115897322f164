// Planted faults of authentication: each wraps the authenticate step.
import type { Caller } from '../core/access-rules.ts';
import type { MockResponse } from '../core/types.ts';
import { jsonOf, patchSteps, withJson, type FaultDefinition } from './plant.ts';

/** A refusal's problem body with the presented key appended to its detail. */
export function echoKey(refusal: MockResponse, token: string): MockResponse {
  const body = jsonOf(refusal) as { detail?: string } | undefined;
  return token && body ? withJson(refusal, { ...body, detail: `${body.detail ?? ''} (key: ${token})` }) : refusal;
}

// The scope the key-extra-scope fault grants every key: the one that deletes.
const EXTRA_SCOPE = 'files:delete';

/** The bearer token of a request, however malformed, for the echo fault. */
const presentedToken = (headers: Record<string, string>) => (headers.authorization ?? '').replace(/^\s*\S+\s*/, '');

export const AUTH_FAULTS = [
  {
    name: 'missing-key-accepted',
    description: 'A request without Authorization is served as if it carried a full-access key.',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        authenticate: (request, query) =>
          request.headers.authorization === undefined
            ? { key: { name: 'anonymous', scopes: new Set(deps.knownScopes), bucketIds: null }, token: '' }
            : s.authenticate(request, query),
      })),
  },
  {
    name: 'query-key-accepted',
    description: 'A key in the ?access_token= or ?api_key= query string is accepted.',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const token = query.get('access_token') ?? query.get('api_key');
          const key = request.headers.authorization === undefined && token ? deps.keys.lookup(token) : undefined;
          return key && token ? { key, token } : s.authenticate(request, query);
        },
      })),
  },
  {
    name: 'key-echoed-in-error',
    description: "401 and 403 bodies include the caller's key in detail.",
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          return 'refusal' in result ? { refusal: echoKey(result.refusal, presentedToken(request.headers)) } : result;
        },
        checkScope(route, caller, request) {
          const refusal = s.checkScope(route, caller, request);
          return refusal && echoKey(refusal, caller.token);
        },
      })),
  },
  {
    name: 'auth-challenge-missing',
    description: '401 answers lack the WWW-Authenticate: Bearer challenge.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          if (!('refusal' in result)) return result;
          const { 'WWW-Authenticate': _challenge, ...headers } = result.refusal.headers;
          return { refusal: { ...result.refusal, headers } };
        },
      })),
  },
  {
    name: 'key-first-scope-dropped',
    description: 'Every key loses the first scope it was issued with (an off-by-one when the scope list is read).',
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          if ('refusal' in result) return result;
          const caller: Caller = { ...result, key: { ...result.key, scopes: new Set([...result.key.scopes].slice(1)) } };
          return caller;
        },
      })),
  },
  {
    name: 'key-extra-scope',
    description: 'Every key also holds files:delete, declared or not.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          return 'refusal' in result ? result : { ...result, key: { ...result.key, scopes: new Set([...result.key.scopes, EXTRA_SCOPE]) } };
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
