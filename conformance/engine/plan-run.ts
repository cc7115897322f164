// The plan of a run: every check generated from the route table for the run's
// keys and overrides, planned (run, skip, disabled), and a shard's part of it.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { generateChecks } from '../checks/all-checks.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { planChecks } from '../plan/planner.ts';

/** The plan of a run: every generated check for the settings' keys and overrides, planned. */
export function planRun(settings: RunSettings): PlannedCheck[] {
  return planChecks(generateChecks(loadRouteTable(), settings.keys, settings.overrides), settings);
}

/**
 * The part `i/n` of a plan: every n-th check from the i-th, so each shard gets some of every area; a check run after
 * every other one (the effects watch) goes to the first shard, as Playwright's after-run project declares it.
 */
export function shardPlan(plan: PlannedCheck[], shard: string | undefined): PlannedCheck[] {
  if (!shard) return plan;
  const [i, n] = shard.split('/').map(Number);
  return plan.filter((p, index) => (p.def.after === 'every-check' ? i === 1 : index % n === i - 1));
}
