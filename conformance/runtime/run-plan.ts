// The plan every Playwright process computes the same way: settings from the
// run directory, checks generated from the route table, keys' tokens from env.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { createRedactor, type Redactor, type Secret } from '../http/redact.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { planChecks } from '../plan/planner.ts';
import { readSettings } from './run-files.ts';

export interface RunPlan {
  settings: RunSettings;
  plan: PlannedCheck[];
  secrets: Secret[];
  redact: Redactor;
}

let cached: RunPlan | undefined;

/** Plans checks for settings (pure apart from the route table). */
export function buildPlan(settings: RunSettings): PlannedCheck[] {
  return planChecks(generateChecks(loadRouteTable(), settings.keys, settings.overrides), settings);
}

/** The tokens of the run's keys, read from the env vars the settings name. */
export function secretsFromEnv(settings: RunSettings, env: NodeJS.ProcessEnv = process.env): Secret[] {
  return settings.keys.map((k) => {
    const token = env[k.env];
    if (!token) throw new Error(`The env var ${k.env} (token of key "${k.name}") is not set in this process.`);
    return { env: k.env, token };
  });
}

/** The run's plan in this process, computed once. */
export function currentRun(): RunPlan {
  if (cached) return cached;
  const settings = readSettings();
  const secrets = secretsFromEnv(settings);
  cached = { settings, plan: buildPlan(settings), secrets, redact: createRedactor(secrets) };
  return cached;
}
