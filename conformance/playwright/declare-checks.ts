// Declares the checks of one area as Playwright tests, grouped by the route
// they check (`test.describe('GET /workspaces/{workspaceId}/buckets', …)`):
// each titled by its requirement id and sentence, tagged with its area and
// level, carrying its id, area, level and route as annotations, holding its
// lock when it changes bucket-wide state, and annotated skipped or disabled
// (with why) when the run's keys, --read-only or the config leave it out. A
// planned skip still runs its (empty) body, so that every test a run selects
// writes its result to the run's record, whatever reporters are configured.
import type { Area } from '../config/config-types.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { runCheckTest } from './check-test.ts';
import { checkTest as test } from './fixtures.ts';
import { NOTE, NO_VERDICT } from './outcome-notes.ts';
import { plannedChecks } from './planned-run.ts';
import { RUN_ENV } from '../config/run-env.ts';
import { matchesGrep } from '../plan/planner.ts';

/** The static annotations of a planned check: who it is, and why it does not run when it does not. */
function annotationsOf(planned: PlannedCheck) {
  const { def } = planned;
  const notes = [
    { type: NOTE.requirement, description: def.id },
    { type: NOTE.area, description: def.area },
    { type: NOTE.level, description: def.level },
    ...(def.route ? [{ type: NOTE.route, description: def.route }] : []),
    ...(def.verifiesKey !== undefined ? [{ type: NOTE.verifiesKey, description: def.verifiesKey }] : []),
  ];
  if (planned.status === 'run') return notes;
  const kind = planned.status === 'disabled' ? NO_VERDICT.disabled : NO_VERDICT.skip;
  return [...notes, { type: kind, description: planned.reason }];
}

function declare(planned: PlannedCheck): void {
  const { def } = planned;
  test(
    `${def.id}: ${def.title}`,
    { tag: [`@${def.area}`, `@${def.level}`], annotation: annotationsOf(planned), ...(def.exclusive ? { lock: def.exclusive } : {}) },
    async ({ bucketkitRun, bucketkitExchanges }, testInfo) => runCheckTest(bucketkitRun, planned, bucketkitExchanges, testInfo),
  );
}

/** Declares every planned check of the area, route by route (those run after every other check are the after-run project's). */
export function declareArea(area: Area): void {
  const checks = plannedChecks().filter((p) => p.def.area === area && p.def.after !== 'every-check');
  const routes = [...new Set(checks.map((p) => p.def.route ?? ''))];
  for (const route of routes) {
    const mine = checks.filter((p) => (p.def.route ?? '') === route);
    if (route) test.describe(route, () => mine.forEach(declare));
    else mine.forEach(declare);
  }
}

/** Declares the checks that run once every other check has ended (the after-run project, torn down after the others). */
export function declareAfterRun(env: NodeJS.ProcessEnv = process.env): void {
  const grep = env[RUN_ENV.grep] ? new RegExp(env[RUN_ENV.grep]!) : undefined;
  const shard = env[RUN_ENV.shard];
  if (shard && !shard.startsWith('1/')) return;
  plannedChecks()
    .filter((p) => p.def.after === 'every-check' && matchesGrep(p.def, grep))
    .forEach(declare);
}
