// `bucketkit conformance --list`: prints the checks a run with the same options
// reports, as `id | area | level | title | status` (run, skip: why, disabled: why),
// planned for the config's keys or the embedded mock's, without sending a request.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { generateChecks } from '../checks/all-checks.ts';
import type { KeyConfig, ResolvedKey } from '../config/config-types.ts';
import { defaultTokenEnv, hasConfigSource, loadConfig } from '../config/load-config.ts';
import { embeddedKeyPlan, embeddedScopes } from '../embedded/embedded-target.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { planChecks } from '../plan/planner.ts';
import { shardPlan } from '../engine/plan-run.ts';
import type { CliOptions } from './cli-args.ts';

// The embedded mock's buckets get their ids when it starts; a listing needs only their roles.
const EMBEDDED_BUCKETS = { allowed: 'embedded-bucket-allowed', other: 'embedded-bucket-other' };

/** The status column: what the run will do with the check, and why when it will not run it. */
function statusOf(planned: PlannedCheck): string {
  return planned.status === 'run' ? 'run' : `${planned.status}: ${planned.reason ?? ''}`;
}

/** The lines of the listing, one per check, in plan order; the count, split as a run counts it, goes to `note`. */
export function listChecks(
  options: Pick<CliOptions, 'config' | 'level' | 'grep' | 'readOnly' | 'shard'>,
  env: NodeJS.ProcessEnv,
): { lines: string[]; note: string } {
  const deployment = hasConfigSource(options.config, env) ? loadConfig(options.config, env) : undefined;
  const buckets = deployment?.buckets ?? EMBEDDED_BUCKETS;
  const declared: KeyConfig[] = deployment?.keys ?? embeddedKeyPlan(embeddedScopes(), EMBEDDED_BUCKETS.allowed);
  const keys: ResolvedKey[] = declared.map((k) => ({
    name: k.name,
    env: k.tokenEnv ?? defaultTokenEnv(k.name),
    scopes: k.scopes,
    bucketIds: k.bucketIds,
  }));
  const overrides = deployment?.overrides ?? {};
  // The same split a run of this shard makes (every n-th check of the plan).
  const plan = shardPlan(
    planChecks(generateChecks(loadRouteTable(), keys, overrides), { ...options, keys, buckets, overrides }),
    options.shard,
  );
  const lines = plan.map((p) => `${p.def.id} | ${p.def.area} | ${p.def.level} | ${p.def.title} | ${statusOf(p)}`);
  const count = (status: PlannedCheck['status']) => plan.filter((p) => p.status === status).length;
  const against = deployment ? 'the configured keys' : "the embedded mock's keys";
  return {
    lines,
    note: `${plan.length} checks at level ${options.level}${options.readOnly ? ', read-only' : ''}${options.shard ? `, shard ${options.shard}` : ''}: ${count('run')} to run, ${count('skip')} skipped, ${count('disabled')} disabled (planned with ${against}).`,
  };
}
