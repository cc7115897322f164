// The operation each route-bound fault switches off its rule for, checked
// against the route table at start-up so a renamed operation fails loudly.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { FaultName } from './fault-catalog.ts';

export const FAULT_TARGETS = {
  'scope-unenforced-mutating': 'updateFile',
  'scope-unenforced-reading': 'listAutomations',
  'scope-confused': 'listFiles',
  'bucket-limit-ignored-list-files': 'listFiles',
  'bucket-limit-ignored-presign-download': 'presignDownload',
  'route-moved': 'moveFiles',
} as const satisfies Partial<Record<FaultName, string>>;

/** Throws when a fault names an operation the route table lacks. */
export function checkFaultTargets(routes: readonly Route[]): void {
  const ids = new Set(routes.map((r) => r.operationId));
  for (const [fault, operationId] of Object.entries(FAULT_TARGETS)) {
    if (!ids.has(operationId)) throw new Error(`Fault ${fault} targets ${operationId}, which the spec does not define.`);
  }
}

/** Whether the active fault `name` targets this route. */
export function faultTargets(name: keyof typeof FAULT_TARGETS, route: Route): boolean {
  return FAULT_TARGETS[name] === route.operationId;
}
