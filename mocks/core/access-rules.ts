// The access rules of the seed, in one place: who is calling (bearer key),
// whether the key holds the route's scope, and which buckets it reaches.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { MockResponse } from './types.ts';
import type { ApiKey, KeyStore } from './key-store.ts';
import { problem } from './problems.ts';
import { isB64Token } from './bearer-token.ts';

/** The authenticated caller: its key and the token it presented. */
export interface Caller {
  key: ApiKey;
  token: string;
}

const CHALLENGE = 'Bearer realm="api"';

function unauthenticated(detail: string, invalidToken: boolean): MockResponse {
  const challenge = invalidToken ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE;
  return problem(401, 'unauthenticated', detail, { headers: { 'WWW-Authenticate': challenge } });
}

/** Reads `Authorization: Bearer <key>`; a key anywhere else (the query string) is ignored. */
export function authenticate(headers: Record<string, string>, keys: KeyStore): Caller | MockResponse {
  const header = headers.authorization;
  if (header === undefined) {
    return unauthenticated(
      'No Authorization header. Send Authorization: Bearer <API_KEY>; a key in the query string is not accepted.',
      false,
    );
  }
  // HTTP's optional white space is spaces and tabs only.
  const match = /^[ \t]*([^ \t]+)(?:[ \t]+(.*?))?[ \t]*$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'bearer') {
    return unauthenticated('The Authorization header must use the Bearer scheme: Authorization: Bearer <API_KEY>.', false);
  }
  const token = match[2] ?? '';
  if (token === '') return unauthenticated('The bearer token is empty. Send Authorization: Bearer <API_KEY>.', true);
  const key = isB64Token(token) ? keys.lookup(token) : undefined;
  if (!key) return unauthenticated('The API key is not known, or no longer valid.', true);
  return { key, token };
}

/** Whether the key holds the one scope the route's security requirement names. */
export function holdsScope(route: Route, key: ApiKey): boolean {
  return key.scopes.has(route.scope);
}

/** 403 insufficient_scope naming the scope the route needs. */
export function insufficientScope(route: Route): MockResponse {
  return problem(403, 'insufficient_scope', `This route needs the ${route.scope} scope.`, { requiredScope: route.scope });
}

/** Whether the key's bucketIds let it reach the bucket. */
export function reachesBucket(key: ApiKey, bucketId: string): boolean {
  return key.bucketIds === null || key.bucketIds.has(bucketId);
}
