// Every traffic task of a run, generated from the route table.
import type { GeneratorContext } from '../checks/generator-context.ts';
import { barredListingTraffic } from './barred-listings.ts';
import { discoverOtherTraffic } from './discover-other.ts';
import type { TrafficTask } from './traffic-types.ts';
import { workspaceHierarchyTraffic } from './workspace-hierarchy.ts';

export function trafficTasks(g: GeneratorContext): TrafficTask[] {
  return [...discoverOtherTraffic(g), ...barredListingTraffic(g), ...workspaceHierarchyTraffic(g)];
}
