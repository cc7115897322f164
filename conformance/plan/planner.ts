// Plans a run: for each generated check, whether it runs, is skipped (and which
// key or setting would enable it) or is disabled by the config or the level.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { CheckDef, PlannedCheck } from './check-types.ts';
import { describeNeed, pickHarnessKey, pickKeys } from './key-picker.ts';
import { holder } from './generator-context.ts';

/** Scopes the set-up needs to upload, list and tag the shared test files in both buckets. */
export const FIXTURE_SCOPES = ['presignUpload', 'listFiles', 'updateFile'].map(
  (id) => loadRouteTable().find((r) => r.operationId === id)!.scope,
);

/** Whether the run can create test files: not read-only, and a key can upload, read and tag in both buckets. */
export function canCreateFixtures(settings: Pick<RunSettings, 'keys' | 'buckets' | 'readOnly'>): boolean {
  if (settings.readOnly) return false;
  return [settings.buckets.allowed, settings.buckets.other].every((b) => pickHarnessKey(settings.keys, FIXTURE_SCOPES, b) !== undefined);
}

/**
 * Whether --grep selects a check: the expression is searched (unanchored, case-sensitive) in the id, the title and
 * the tags `@<area>` and `@<level>`, each on its own; so `@listing` selects an area, `^LIST-` ids, and a plain word
 * also every title that mentions it.
 */
export function matchesGrep(def: Pick<CheckDef, 'id' | 'title' | 'area' | 'level'>, grep: RegExp | undefined): boolean {
  if (!grep) return true;
  return [def.id, def.title, `@${def.area}`, `@${def.level}`].some((text) => grep.test(text));
}

const ROUTES = new Map(loadRouteTable().map((r) => [r.operationId, r]));

/**
 * Why a check that waits for its route's served proof cannot have it in this run, if it cannot: the proof sends
 * the route's valid call with a key holding its scope, and a writing call is not sent by a --read-only run.
 */
function proofOutOfReach(
  def: Pick<CheckDef, 'gate' | 'operationId'>,
  settings: Pick<RunSettings, 'keys' | 'buckets' | 'readOnly' | 'overrides'>,
): string | undefined {
  const route = def.operationId !== undefined && (def.gate ?? 'route') === 'route' ? ROUTES.get(def.operationId) : undefined;
  if (!route) return undefined;
  if (settings.readOnly && route.mutates)
    return `rests on ${route.operationId} being served, which only a writing request shows; skipped by --read-only`;
  const need = holder(route, settings.overrides);
  if (pickKeys(settings.keys, need, settings.buckets).length === 0)
    return `rests on ${route.operationId} being served, which needs ${describeNeed(need, settings.buckets)} to show; add one to "keys"`;
  return undefined;
}

/** Turns generated checks into the run's plan; checks the level excludes or grep misses are left out. */
export function planChecks(
  defs: CheckDef[],
  settings: Pick<RunSettings, 'keys' | 'buckets' | 'readOnly' | 'level' | 'overrides' | 'grep'>,
): PlannedCheck[] {
  const grep = settings.grep ? new RegExp(settings.grep) : undefined;
  const disabled = new Set(settings.overrides.disable ?? []);
  const fixtures = canCreateFixtures(settings);
  const seen = new Set<string>();
  const plan: PlannedCheck[] = [];
  for (const def of defs) {
    if (seen.has(def.id)) throw new Error(`Two checks share the requirement id ${def.id}`);
    seen.add(def.id);
    if (settings.level === 'core' && def.level !== 'core') continue;
    if (!matchesGrep(def, grep)) continue;
    const keys: Record<string, string[]> = {};
    let reason: string | undefined;
    for (const [role, need] of Object.entries(def.keys)) {
      keys[role] = pickKeys(settings.keys, need, settings.buckets);
      if (keys[role].length === 0) reason ??= `needs ${describeNeed(need, settings.buckets)}; add one to "keys"`;
    }
    for (const harness of def.harness ?? []) {
      const bucketId = harness.bucket ? settings.buckets[harness.bucket] : undefined;
      if (!pickHarnessKey(settings.keys, harness.scopes, bucketId))
        reason ??= `needs a key holding ${harness.scopes.join(' + ')} to set up or read back; add one to "keys"`;
    }
    if (def.fixtures && !fixtures && !def.heldFiles) {
      reason ??= settings.readOnly
        ? 'needs test files, which a --read-only run does not upload'
        : `needs test files: add a key holding ${FIXTURE_SCOPES.join(' + ')} with bucketIds null`;
    }
    if (def.writes && settings.readOnly) reason = 'sends a writing request; skipped by --read-only';
    reason ??= proofOutOfReach(def, settings);
    if (disabled.has(def.id) || disabled.has(def.area)) {
      plan.push({ def, status: 'disabled', reason: `disabled by overrides.disable (${disabled.has(def.id) ? def.id : def.area})`, keys });
    } else {
      plan.push({ def, status: reason ? 'skip' : 'run', reason, keys });
    }
  }
  return plan;
}
