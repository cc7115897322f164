// The operations each single-route fault breaks its rule on, typed by the
// spec's operation ids: renaming an operation in the spec is a type error here.
import type { OperationId } from '../core/handler-context.ts';
import type { Route } from '../../openapi/contract/route-table.ts';

export const FAULT_TARGETS = {
  'scope-unenforced-mutating': 'updateFile',
  'scope-unenforced-reading': 'listAutomations',
  'scope-confused': 'listFiles',
  'bucket-limit-ignored-list-files': 'listFiles',
  'bucket-limit-ignored-presign-download': 'presignDownload',
  'bucket-limit-ignored-move-destination': 'moveFiles',
  'bucket-limit-ignored-list-buckets': 'listBuckets',
  'route-moved': ['moveFiles', 'presignDownload', 'completeUpload', 'createSuggestion', 'updateTrash'],
  'writes-as-put': ['updateFile', 'updateIntelligence', 'trashFiles'],
  'path-conflict-overwrites': 'presignUpload',
  // The writes the suite reads back for mass assignment (its BUCKET-<op>-mass-assignment checks) but the file PATCH, which patch-mass-assignment breaks.
  'writes-take-body-bucket-id': ['presignUpload', 'moveFiles', 'updateIntelligence', 'createAutomation', 'createSuggestion'],
  // The GETs of the paths where the spec lists another method, which the override then reaches.
  'method-override-honoured': ['getIntelligence', 'listAutomations', 'getTrash', 'listSuggestions'],
} as const satisfies Record<string, OperationId | readonly OperationId[]>;

const asList = (target: OperationId | readonly OperationId[]): readonly OperationId[] => (typeof target === 'string' ? [target] : target);

/** Throws when a target names an operation the loaded route table lacks (a spec built apart from its types). */
export function checkFaultTargets(routes: readonly Route[]): void {
  const ids = new Set(routes.map((r) => r.operationId));
  for (const [fault, target] of Object.entries(FAULT_TARGETS)) {
    for (const operationId of asList(target)) {
      if (!ids.has(operationId)) throw new Error(`Fault ${fault} targets ${operationId}, which the spec does not define.`);
    }
  }
}

/** Whether the fault targets this route. */
export const targets = (fault: keyof typeof FAULT_TARGETS, route: Route): boolean =>
  (asList(FAULT_TARGETS[fault]) as readonly string[]).includes(route.operationId);
