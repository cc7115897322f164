// The plan of each target of a run, computed the same way in every Playwright
// process: settings from the target's run directory, checks generated from the
// route table, the keys' tokens from the env var the CLI fills for that target.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { createRedactor, type Redactor, type Secret } from '../http/redact.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { planChecks } from '../plan/planner.ts';
import { readManifest, readSettings, tokensEnvOf, type RunManifest, type RunTarget } from './run-files.ts';

export interface TargetPlan {
  /** Index in the manifest's targets. */
  index: number;
  target: RunTarget;
  settings: RunSettings;
  plan: PlannedCheck[];
  secrets: Secret[];
  redact: Redactor;
}

/** Plans checks for settings (pure apart from the route table). */
export function buildPlan(settings: RunSettings): PlannedCheck[] {
  return planChecks(generateChecks(loadRouteTable(), settings.keys, settings.overrides), settings);
}

/** The tokens of a target's keys, from the JSON object in BUCKETKIT_TOKENS_<index>. */
export function secretsFromEnv(settings: RunSettings, index: number, env: NodeJS.ProcessEnv = process.env): Secret[] {
  const name = tokensEnvOf(index);
  const tokens = JSON.parse(env[name] ?? '{}') as Record<string, string>;
  return settings.keys.map((k) => {
    const token = tokens[k.env];
    if (!token) throw new Error(`${name} holds no token for key "${k.name}" (${k.env}): start the suite with "npx bucketkit conformance".`);
    return { env: k.env, token };
  });
}

let manifest: RunManifest | undefined;
const plans = new Map<number, TargetPlan>();

/** The run's manifest in this process, read once. */
export function currentManifest(): RunManifest {
  manifest ??= readManifest();
  return manifest;
}

/** One target's plan in this process, computed once. */
export function targetPlan(index: number): TargetPlan {
  const known = plans.get(index);
  if (known) return known;
  const target = currentManifest().targets[index];
  if (!target) throw new Error(`The run has no target ${index}.`);
  const settings = readSettings(target.runDir);
  const secrets = secretsFromEnv(settings, index);
  const plan: TargetPlan = { index, target, settings, plan: buildPlan(settings), secrets, redact: createRedactor(secrets) };
  plans.set(index, plan);
  return plan;
}

/** Every target's plan, in manifest order. */
export function allTargetPlans(): TargetPlan[] {
  return currentManifest().targets.map((_, index) => targetPlan(index));
}
