// The access rules of the seed, in one place: who is calling (bearer key),
// whether the key holds the route's scope, and which buckets it reaches.
// Each planted fault that breaks one of these rules is consulted here.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { MockResponse } from './types.ts';
import type { ApiKey, KeyStore } from './key-store.ts';
import type { FaultSwitches } from '../faults/fault-switches.ts';
import { faultTargets } from '../faults/fault-targets.ts';
import { problem } from './problems.ts';
import { forbiddenAnswer } from '../faults/fault-answers.ts';

export type AuthResult = { key: ApiKey; token: string } | { refusal: MockResponse };

const CHALLENGE = 'Bearer realm="api"';

function unauthenticated(detail: string, invalidToken: boolean, faults: FaultSwitches): { refusal: MockResponse } {
  const challenge = invalidToken ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE;
  const headers: Record<string, string> = faults.on('auth-challenge-missing') ? {} : { 'WWW-Authenticate': challenge };
  return { refusal: problem(401, 'unauthenticated', detail, { headers }) };
}

// Error bodies never echo a key, unless the planted fault says so.
const echo = (faults: FaultSwitches, token: string): string => (faults.on('key-echoed-in-error') && token ? ` (key: ${token})` : '');

/** Reads `Authorization: Bearer <key>`; a key anywhere else is ignored. */
export function authenticate(
  headers: Record<string, string>,
  query: URLSearchParams | undefined,
  keys: KeyStore,
  fullAccess: ApiKey,
  faults: FaultSwitches,
): AuthResult {
  const header = headers.authorization;
  if (header === undefined) {
    if (faults.on('missing-key-accepted')) return { key: fullAccess, token: '' };
    const queryToken = query?.get('access_token') ?? query?.get('api_key');
    if (queryToken && faults.on('query-key-accepted')) {
      const key = keys.lookup(queryToken);
      if (key) return { key, token: queryToken };
    }
    return unauthenticated(
      'No Authorization header. Send Authorization: Bearer <API_KEY>; a key in the query string is not accepted.',
      false,
      faults,
    );
  }
  const match = /^\s*(\S+)(?:\s+(.*))?$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'bearer')
    return unauthenticated('The Authorization header must use the Bearer scheme: Authorization: Bearer <API_KEY>.', false, faults);
  const token = (match[2] ?? '').trim();
  if (token === '') return unauthenticated('The bearer token is empty. Send Authorization: Bearer <API_KEY>.', true, faults);
  const key = keys.lookup(token);
  if (!key) return unauthenticated(`The API key is not known, or no longer valid${echo(faults, token)}.`, true, faults);
  return { key, token };
}

/** Whether the key may call the route; the planted scope faults widen it. */
export function holdsScope(route: Route, key: ApiKey, faults: FaultSwitches): boolean {
  if (faults.on('scope-unenforced-everywhere')) return true;
  if (faults.on('key-first-scope-dropped') && key.scopes.values().next().value === route.scope) return false;
  if (key.scopes.has(route.scope)) return true;
  if (faults.on('scope-unenforced-mutating') && faultTargets('scope-unenforced-mutating', route)) return true;
  if (faults.on('scope-unenforced-reading') && faultTargets('scope-unenforced-reading', route)) return true;
  if (faults.on('scope-confused') && faultTargets('scope-confused', route)) return key.scopes.has(route.scope.replace(/:read$/, ':write'));
  return false;
}

/** 403 insufficient_scope naming the scope the route needs. */
export function insufficientScope(route: Route, token: string, faults: FaultSwitches): MockResponse {
  if (faults.on('scope-refusal-unnamed')) return forbiddenAnswer(`Access denied${echo(faults, token)}.`);
  return problem(403, 'insufficient_scope', `This route needs the ${route.scope} scope${echo(faults, token)}.`, {
    requiredScope: route.scope,
  });
}

/** Where a bucket is being reached from; each has its own planted fault. */
export type BucketUse = 'route' | 'move-destination' | 'list-buckets' | 'list-workspaces';

/** Whether the key's bucketIds let it reach the bucket for this use. */
export function reachesBucket(key: ApiKey, bucketId: string, use: BucketUse, route: Route, faults: FaultSwitches): boolean {
  if (key.bucketIds === null || key.bucketIds.has(bucketId)) return true;
  if (faults.on('bucket-limits-ignored')) return true;
  if (use === 'route') {
    if (faults.on('bucket-limit-ignored-list-files') && faultTargets('bucket-limit-ignored-list-files', route)) return true;
    if (faults.on('bucket-limit-ignored-presign-download') && faultTargets('bucket-limit-ignored-presign-download', route)) return true;
  }
  if (use === 'move-destination') return faults.on('bucket-limit-ignored-move-destination');
  if (use === 'list-buckets') return faults.on('bucket-limit-ignored-list-buckets');
  return false;
}
