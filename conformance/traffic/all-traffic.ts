// Every traffic task the oracle checks send, generated from the route table;
// each names its route and rule, so the oracle check of that rule and route
// sends it. HEAD of every GET is the operator axis `head` now, never trimmed by
// the variant budget (operator-traffic.ts); the named path spellings and method
// overrides stay tasks: their operator axes are trimmed to the budget, and these
// keep each route's own spellings and overrides judged in every run.
import type { GeneratorContext } from '../plan/generator-context.ts';
import { barredListingTraffic } from './barred-listings.ts';
import { fileHierarchyTraffic } from './file-hierarchy.ts';
import { methodOverrideTraffic } from './method-overrides.ts';
import { oddAuthorizationTraffic } from './odd-authorization.ts';
import { pathSpellingTraffic } from './path-spellings.ts';
import type { TrafficTask } from './traffic-types.ts';
import { workspaceHierarchyTraffic } from './workspace-hierarchy.ts';

/** Every traffic task: the barred listings, the request variants of every route, the hierarchies. */
export function trafficTasks(g: GeneratorContext): TrafficTask[] {
  return [
    ...barredListingTraffic(g),
    ...pathSpellingTraffic(g),
    ...methodOverrideTraffic(g),
    ...oddAuthorizationTraffic(g),
    ...workspaceHierarchyTraffic(g),
    ...fileHierarchyTraffic(g),
  ];
}

/** The tasks an oracle check of a rule and route sends. */
export function trafficOf(tasks: readonly TrafficTask[], rule: string, operationId: string): TrafficTask[] {
  return tasks.filter((t) => t.rules.includes(rule) && t.operationId === operationId);
}
