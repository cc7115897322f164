// Every operation's handler, in one table keyed by operationId.
import type { HandlerTable } from '../parts.ts';
import { runBucketAgent } from './agent.ts';
import * as collections from './collections.ts';
import { listFiles, updateFile } from './files.ts';
import { getIntelligence, startIntelligenceBackfill, updateIntelligence } from './intelligence.ts';
import { moveFiles } from './move.ts';
import { getTrash, trashFiles, updateTrash } from './trash.ts';
import { completeUpload, presignDownload, presignUpload } from './uploads.ts';
import { listBuckets, listWorkspaces } from './workspaces.ts';

/** The handlers of a server that keeps every rule. */
export const HANDLERS: HandlerTable = {
  listWorkspaces,
  listBuckets,
  listFiles,
  updateFile,
  presignUpload,
  presignDownload,
  completeUpload,
  trashFiles,
  moveFiles,
  getIntelligence,
  updateIntelligence,
  startIntelligenceBackfill,
  runBucketAgent,
  ...collections,
  getTrash,
  updateTrash,
};
