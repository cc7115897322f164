// Every traffic task of a run, generated from the route table.
import type { GeneratorContext } from '../checks/generator-context.ts';
import { barredListingTraffic } from './barred-listings.ts';
import { discoverOtherTraffic } from './discover-other.ts';
import { headTraffic } from './head-requests.ts';
import { methodOverrideTraffic } from './method-overrides.ts';
import { oddAuthorizationTraffic } from './odd-authorization.ts';
import { pathSpellingTraffic } from './path-spellings.ts';
import type { TrafficTask } from './traffic-types.ts';
import { workspaceHierarchyTraffic } from './workspace-hierarchy.ts';

/** Every traffic task of a run: what the other bucket holds, its barred listings, and the request variants of every route. */
export function trafficTasks(g: GeneratorContext): TrafficTask[] {
  return [
    ...discoverOtherTraffic(g),
    ...barredListingTraffic(g),
    ...headTraffic(g),
    ...pathSpellingTraffic(g),
    ...methodOverrideTraffic(g),
    ...oddAuthorizationTraffic(g),
    ...workspaceHierarchyTraffic(g),
  ];
}
