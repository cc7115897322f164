// The plan every process of a Playwright run declares its tests from: the
// checks generated from the route table for the deployment's keys, level,
// --read-only and overrides, read from the config and the environment alone
// (no request is sent, no file written), so the runner and every worker see
// the same tests, in a normal run, with --list, and in the UI.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { parseArgs } from '../config/cli-args.ts';
import { defaultTokenEnv, hasConfigSource, loadConfig } from '../config/load-config.ts';
import type { RunSettings } from '../config/config-types.ts';
import { EMBEDDED_OVERRIDES, embeddedKeyPlan, embeddedScopes } from '../embedded/embedded-keys.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { planChecks } from '../plan/planner.ts';

export type PlanSettings = Pick<RunSettings, 'keys' | 'buckets' | 'readOnly' | 'level' | 'overrides'>;

/** What the plan rests on, from the config (or the embedded mock's key plan) and the BUCKETKIT_* variables. */
export function planSettings(env: NodeJS.ProcessEnv = process.env): PlanSettings {
  const options = parseArgs([], env);
  if (hasConfigSource(options.config, env)) {
    const config = loadConfig(options.config, env);
    return {
      keys: config.keys.map((k) => ({
        name: k.name,
        env: k.tokenEnv ?? defaultTokenEnv(k.name),
        scopes: k.scopes,
        bucketIds: k.bucketIds,
      })),
      buckets: config.buckets,
      readOnly: options.readOnly,
      level: options.level,
      overrides: config.overrides,
    };
  }
  // The embedded mock's ids are known only once it runs; the plan needs only which bucket each key reaches.
  const buckets = { allowed: 'allowed', other: 'other' };
  return {
    keys: embeddedKeyPlan(embeddedScopes(), buckets.allowed).map((k) => ({ ...k, env: defaultTokenEnv(k.name) })),
    buckets,
    readOnly: options.readOnly,
    level: options.level,
    overrides: EMBEDDED_OVERRIDES,
  };
}

let cached: PlannedCheck[] | undefined;

/** The run's plan (computed once per process). */
export function plannedChecks(env: NodeJS.ProcessEnv = process.env): PlannedCheck[] {
  if (!cached) {
    const settings = planSettings(env);
    cached = planChecks(generateChecks(loadRouteTable(), settings.keys, settings.overrides), settings);
  }
  return cached;
}
