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

/**
 * A key holding the route's scope that reaches the allowed bucket. Where the scope is the register's assumption
 * (G04, G05) and no override states the deployment's, the widest such key: a conforming server may need another
 * scope there, and the widest key is the likeliest to hold whichever it chose.
 */
export function holder(route: Route, overrides: Overrides): KeyNeed {
  const need = scopeHolder(route, overrides);
  return route.scopeSource !== 'seed' && overrides.scopes?.[route.operationId] === undefined ? { ...need, widest: true } : need;
}

/** The smallest key holding the scope the route needs (the register's, where it assumes one) that reaches the allowed bucket: the scope checks' key. */
export function scopeHolder(route: Route, overrides: Overrides): KeyNeed {
  return { holds: [expectedScope(route, overrides)], reaches: route.bucketScoped ? ['allowed'] : undefined };
}
