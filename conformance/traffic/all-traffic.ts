// Every traffic task of a run, generated from the route table.
import type { GeneratorContext } from '../checks/generator-context.ts';
import { barredListingTraffic } from './barred-listings.ts';
import { discoverOtherTraffic } from './discover-other.ts';
import { headTraffic } from './head-requests.ts';
import { learnProbes } from './learn-probes.ts';
import { methodOverrideTraffic } from './method-overrides.ts';
import { oddAuthorizationTraffic } from './odd-authorization.ts';
import { pathSpellingTraffic } from './path-spellings.ts';
import type { TrafficTask } from './traffic-types.ts';
import { workspaceHierarchyTraffic } from './workspace-hierarchy.ts';

/**
 * Every traffic task of a run: what the other bucket holds, its barred listings, and the request variants of every
 * route; with `learn`, the learner's probes too (--learn).
 */
export function trafficTasks(g: GeneratorContext, options: { learn?: boolean } = {}): TrafficTask[] {
  return [
    ...discoverOtherTraffic(g),
    ...barredListingTraffic(g),
    ...headTraffic(g),
    ...pathSpellingTraffic(g),
    ...methodOverrideTraffic(g),
    ...oddAuthorizationTraffic(g),
    ...workspaceHierarchyTraffic(g),
    ...(options.learn ? learnProbes(g) : []),
  ];
}
