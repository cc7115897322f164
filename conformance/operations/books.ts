// Every operation's book, keyed by operationId: typed `{ [K in OperationId]:
// OperationBook<K> }`, so an operation the spec adds is a type error here until
// someone writes its book (operations/<operationId>.ts). What the suite sends
// to an operation, and what a second copy of it does, is read from here.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { ApiRequest } from '../http/api-client.ts';
import { operationOf, type OperationId } from '../client/request-builder.ts';
import type { OperationBook } from './operation-book.ts';
import { completeUploadBook } from './completeUpload.ts';
import { createAutomationBook } from './createAutomation.ts';
import { createSuggestionBook } from './createSuggestion.ts';
import { getIntelligenceBook } from './getIntelligence.ts';
import { getTrashBook } from './getTrash.ts';
import { listAutomationsBook } from './listAutomations.ts';
import { listBucketsBook } from './listBuckets.ts';
import { listFilesBook } from './listFiles.ts';
import { listSharesBook } from './listShares.ts';
import { listSuggestionsBook } from './listSuggestions.ts';
import { listTransfersBook } from './listTransfers.ts';
import { listWorkspacesBook } from './listWorkspaces.ts';
import { moveFilesBook } from './moveFiles.ts';
import { presignDownloadBook } from './presignDownload.ts';
import { presignUploadBook } from './presignUpload.ts';
import { runBucketAgentBook } from './runBucketAgent.ts';
import { startIntelligenceBackfillBook } from './startIntelligenceBackfill.ts';
import { trashFilesBook } from './trashFiles.ts';
import { updateFileBook } from './updateFile.ts';
import { updateIntelligenceBook } from './updateIntelligence.ts';
import { updateTrashBook } from './updateTrash.ts';

export const BOOKS: { [K in OperationId]: OperationBook<K> } = {
  listWorkspaces: listWorkspacesBook,
  listBuckets: listBucketsBook,
  listFiles: listFilesBook,
  updateFile: updateFileBook,
  presignUpload: presignUploadBook,
  presignDownload: presignDownloadBook,
  completeUpload: completeUploadBook,
  trashFiles: trashFilesBook,
  moveFiles: moveFilesBook,
  getIntelligence: getIntelligenceBook,
  updateIntelligence: updateIntelligenceBook,
  startIntelligenceBackfill: startIntelligenceBackfillBook,
  runBucketAgent: runBucketAgentBook,
  listAutomations: listAutomationsBook,
  createAutomation: createAutomationBook,
  getTrash: getTrashBook,
  updateTrash: updateTrashBook,
  listSuggestions: listSuggestionsBook,
  createSuggestion: createSuggestionBook,
  listShares: listSharesBook,
  listTransfers: listTransfersBook,
};

/** The book of a route (every operation of the spec has one). */
export function bookOf(route: Route): OperationBook {
  const book: OperationBook | undefined = BOOKS[operationOf(route)];
  if (!book) throw new Error(`No book for ${route.operationId}: the route table and the spec's types disagree`);
  return book;
}

/** The `resend` a request to an operation (by operationId) carries when its caller did not choose; none for an unknown one. */
export function resendOf(operationId: string): ApiRequest['resend'] {
  const repeat = (BOOKS as Record<string, OperationBook | undefined>)[operationId]?.repeat;
  return repeat !== undefined && repeat !== 'unsafe' ? 'safe' : undefined;
}
