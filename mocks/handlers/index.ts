// Binds every operationId of the spec to its handler. The table's type comes
// from the spec's operations, so a missing or renamed operation does not
// compile; the app also checks the live route table at start-up.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { HandlerTable } from '../core/handler-context.ts';
import { listBuckets, listWorkspaces } from './workspaces.ts';
import { listFiles } from './list-files.ts';
import { moveFilesHandler, trashFilesHandler, updateFile } from './file-changes.ts';
import { completeUpload, presignDownload, presignUpload } from './uploads.ts';
import { getIntelligence, startIntelligenceBackfill, updateIntelligence } from './intelligence.ts';
import { runBucketAgent } from './agent.ts';
import { createAutomation, createSuggestion, listAutomations, listShares, listSuggestions, listTransfers } from './lists.ts';
import { getTrash, updateTrash } from './trash.ts';

export const HANDLERS: HandlerTable = {
  listWorkspaces,
  listBuckets,
  listFiles,
  updateFile,
  presignUpload,
  presignDownload,
  completeUpload,
  trashFiles: trashFilesHandler,
  moveFiles: moveFilesHandler,
  getIntelligence,
  updateIntelligence,
  startIntelligenceBackfill,
  runBucketAgent,
  listAutomations,
  createAutomation,
  getTrash,
  updateTrash,
  listSuggestions,
  createSuggestion,
  listShares,
  listTransfers,
};

/** Throws when a route of the loaded spec has no handler, or a handler no route. */
export function checkHandlers(routes: readonly Route[], handlers: HandlerTable = HANDLERS): void {
  const ids = new Set(routes.map((r) => r.operationId));
  const missing = [...ids].filter((id) => !(id in handlers));
  const extra = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length || extra.length) {
    throw new Error(`Handlers and spec disagree: missing ${missing.join(', ') || 'none'}; unknown ${extra.join(', ') || 'none'}.`);
  }
}
