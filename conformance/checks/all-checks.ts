// Generates every check of the suite from the route table and the run's keys
// and overrides, in a stable order.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Overrides, ResolvedKey } from '../config/config-types.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import { authChecks } from './auth-checks.ts';
import { bucketChecks } from './bucket-checks.ts';
import { effectsChecks } from './effects-checks.ts';
import { errorChecks } from './error-checks.ts';
import { listingChecks } from './listing-checks.ts';
import { listingFilterChecks } from './listing-filter-checks.ts';
import { oracleChecks } from './oracle-checks.ts';
import { pathChecks } from './path-checks.ts';
import { robustnessChecks } from './robustness-checks.ts';
import { schemaChecks } from './schema-checks.ts';
import { scopeChecks } from './scope-checks.ts';
import { scopeOverrideChecks } from './scope-override-checks.ts';
import { uploadChecks } from './upload-checks.ts';

/** Checks an override names only routes whose scope is a gap choice, and known routes at that. */
export function validateScopeOverrides(routes: Route[], overrides: Overrides): void {
  for (const operationId of Object.keys(overrides.scopes ?? {})) {
    const route = routes.find((r) => r.operationId === operationId);
    if (!route) throw new Error(`overrides.scopes names ${operationId}, which is no operation of the spec.`);
    if (route.scopeSource === 'seed')
      throw new Error(`overrides.scopes: the scope of ${operationId} (${route.scope}) is stated by the seed, so it cannot be overridden.`);
  }
}

/** Every check, generated from the route table. */
export function generateChecks(routes: Route[], keys: ResolvedKey[], overrides: Overrides): CheckDef[] {
  validateScopeOverrides(routes, overrides);
  const g = { routes, overrides };
  const operationOf = new Map(routes.map((r) => [routeLabel(r), r.operationId]));
  const defs = [
    ...pathChecks(g),
    ...authChecks(g, keys),
    ...scopeChecks(g),
    ...scopeOverrideChecks(g),
    ...bucketChecks(g),
    ...uploadChecks(g),
    ...listingFilterChecks(g),
    ...listingChecks(g),
    ...schemaChecks(g),
    ...errorChecks(g),
    ...robustnessChecks(g),
    ...oracleChecks(g),
    ...effectsChecks(),
  ];
  // Every check of a route knows its operation, from the route table.
  return defs.map((def) => (def.route && !def.operationId ? { ...def, operationId: operationOf.get(def.route) } : def));
}
