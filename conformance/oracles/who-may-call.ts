// Who may call what: whether a configured key may call a route in a bucket,
// from what the key declares (its scopes and bucketIds) and what the contract
// says of the route (the scope it needs, the config's overrides.scopes
// applied; whether API-key clients may call it at all). One answer for the
// whole suite: the oracles judge every exchange by it, the authorization
// matrix fills its cells from it, and the planner and the checks pick and
// judge keys by it.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Overrides } from '../config/config-types.ts';

/** What is read of a key: its declared scopes and bucketIds (null: every bucket). */
export interface DeclaredAccess {
  scopes: readonly string[];
  bucketIds: readonly string[] | null;
}

/**
 * Why a key is refused a route: it lacks the route's scope, does not reach the bucket, or the contract refuses the
 * route to every API-key client (the seed forbids agent HTTP clients to call it).
 */
export type DenyCause = 'scope' | 'bucket' | 'agent-forbidden';

/** The scope a route needs in this deployment: the spec's, or the override for an assumed one. */
export function expectedScope(route: Pick<Route, 'operationId' | 'scope'>, overrides: Pick<Overrides, 'scopes'>): string {
  return overrides.scopes?.[route.operationId] ?? route.scope;
}

/** Whether the key declares the scope. */
export function holdsScope(key: Pick<DeclaredAccess, 'scopes'>, scope: string): boolean {
  return key.scopes.includes(scope);
}

/** Whether the key's bucketIds reach the bucket (by id). */
export function reachesBucket(key: Pick<DeclaredAccess, 'bucketIds'>, bucketId: string): boolean {
  return key.bucketIds === null || key.bucketIds.includes(bucketId);
}

/** What is read of a route: the scope it needs (overrides applied) and whether API-key clients may call it at all. */
export interface RouteNeeds {
  scope: string;
  agentForbidden?: boolean;
}

/** Why the key is refused the route (in `bucketId`, for a bucket route); none when it may call it. */
export function denyCauses(key: DeclaredAccess, route: RouteNeeds, bucketId: string | undefined): DenyCause[] {
  const causes: DenyCause[] = [];
  if (!holdsScope(key, route.scope)) causes.push('scope');
  if (bucketId !== undefined && !reachesBucket(key, bucketId)) causes.push('bucket');
  if (route.agentForbidden) causes.push('agent-forbidden');
  return causes;
}
