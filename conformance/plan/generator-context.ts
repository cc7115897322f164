// What every check generator reads: the route table, the spec, the run's
// overrides, and the rules that say whether a route's facts are seed or choice
// (the scope a route needs is who-may-call's: oracles/who-may-call.ts).
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Level, Overrides } from '../config/config-types.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import type { KeyNeed } from './check-types.ts';

export interface GeneratorContext {
  routes: Route[];
  overrides: Overrides;
}

/** `core` when the seed states the route's scope, `profile` when the spec chose it (x-scope-assumed). */
export function scopeLevel(route: Route): Level {
  return route.scopeSource === 'seed' ? 'core' : 'profile';
}

/** A key holding the route's scope that reaches the allowed bucket. */
export function holder(route: Route, overrides: Overrides): KeyNeed {
  return { holds: [expectedScope(route, overrides)], reaches: route.bucketScoped ? ['allowed'] : undefined };
}
