// What every check generator reads: the route table, the spec, the run's
// overrides, and the rules that say whether a route's facts are seed or choice.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Level, Overrides } from '../config/config-types.ts';
import type { CheckDef, KeyNeed } from '../plan/check-types.ts';
import { scenarioFor } from './operations.ts';
import { routeById } from './request-builder.ts';

export interface GeneratorContext {
  routes: Route[];
  overrides: Overrides;
}

/** The scope a route needs in this deployment: the spec's, or the override for an assumed one. */
export function expectedScope(route: Route, overrides: Overrides): string {
  return overrides.scopes?.[route.operationId] ?? route.scope;
}

/** `core` when the seed states the route's scope, `profile` when the spec chose it (x-scope-assumed). */
export function scopeLevel(route: Route): Level {
  return route.scopeSource === 'seed' ? 'core' : 'profile';
}

/** `METHOD /path`, the first words of every route check's title. */
export function routeTitle(route: Route): string {
  return `${route.method} ${route.pathTemplate}`;
}

/** Scopes the harness needs to upload a test file and wait until it is listed. */
export const DISPOSABLE_SCOPES = [routeById('presignUpload').scope, routeById('listFiles').scope];

/** The set-up a route's scenario needs, as check fields (fixtures, writes, harness scopes). */
export function scenarioNeeds(
  route: Route,
  bucket: 'allowed' | 'other' = 'allowed',
): Pick<CheckDef, 'fixtures' | 'writes' | 'harness' | 'exclusive'> {
  const scenario = scenarioFor(route);
  const scopes = [...new Set([...(scenario.files === 'disposable' ? DISPOSABLE_SCOPES : []), ...scenario.harnessScopes])];
  return {
    exclusive: scenario.exclusive ? `${route.operationId}-${bucket}` : undefined,
    // Disposable files are made by the check itself; only the shared ones wait for the set-up.
    fixtures: scenario.files === 'shared',
    writes: route.mutates || scenario.files === 'disposable',
    harness: scopes.length ? [{ scopes, bucket }] : [],
  };
}

/** A key holding the route's scope that reaches the allowed bucket. */
export function holder(route: Route, overrides: Overrides): KeyNeed {
  return { holds: [expectedScope(route, overrides)], reaches: route.bucketScoped ? ['allowed'] : undefined };
}
