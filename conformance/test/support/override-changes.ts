// Which checks an override changes: the ids whose definition (title, level,
// keys, set-up) differs when the checks are generated with it and without it.
import { loadRouteTable } from '../../../openapi/contract/load-spec.ts';
import type { Overrides, ResolvedKey } from '../../config/config-types.ts';
import { generateChecks } from '../../checks/all-checks.ts';
import type { CheckDef } from '../../plan/check-types.ts';

const keys: ResolvedKey[] = [{ name: 'full', env: 'BUCKETKIT_KEY_FULL', scopes: ['files:read'], bucketIds: null }];
const signature = (d: CheckDef) => JSON.stringify([d.title, d.level, d.keys, d.harness, d.writes, d.fixtures, d.exclusive]);

/** Every check id the suite generates (for one key holding files:read). */
export function allCheckIds(): string[] {
  return generateChecks(loadRouteTable(), keys, {}).map((d) => d.id);
}

/** The ids of the checks whose definition an override changes, sorted. */
export function changedBy(overrides: Overrides): string[] {
  const routes = loadRouteTable();
  const base = new Map(generateChecks(routes, keys, {}).map((d) => [d.id, signature(d)]));
  return generateChecks(routes, keys, overrides)
    .filter((d) => base.get(d.id) !== signature(d))
    .map((d) => d.id)
    .sort();
}
