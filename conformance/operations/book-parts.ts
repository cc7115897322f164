// What several books share: the scope of an operation, the test files a call
// acts on (a fresh one, or the run's shared one), the statuses of a busy
// operation, and the book of a plain read (a GET of a listing or a resource).
import { routeById, type BucketRole, type OperationId } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';
import type { OperationBook, ScopeProof } from './operation-book.ts';
import { namedIn } from './request-fields.ts';

/** The scope an operation needs, as the spec states it. */
export const scopeOf = (operationId: OperationId): string => routeById(operationId).scope;

/** A conflict or a rate limit: the operation was reached and declined for now. */
export const BUSY = [409, 429];

/** A fresh test file of the bucket, uploaded for this call (cleaned up at the end of the run). */
export const disposableFile = (ctx: CheckRun, bucket: BucketRole): Promise<FixtureFile> => ctx.files.create(bucket);

/**
 * A test file whose tags and description the call may change: a fresh upload, or, when the deployment takes no
 * upload, a file already listed in the bucket (borrowed: the cleanup puts its tags and description back).
 */
export const retaggableFile = (ctx: CheckRun, bucket: BucketRole): Promise<FixtureFile> => ctx.files.create(bucket, { orBorrowed: true });

/** The run's shared test file of the bucket (the check waited for the set-up to make it). */
export function sharedFile(ctx: CheckRun, bucket: BucketRole): FixtureFile {
  const f = bucket === 'allowed' ? ctx.fixtures.allowedFile : ctx.fixtures.otherFile;
  if (!f) throw new Error('the shared test files are missing (set-up did not run)');
  return f;
}

/** A GET proves its scope by being served, and leaves nothing behind. */
export const READ_PROOF: ScopeProof = { cost: 'none', call: async () => ({}) };

/** The book of a GET: no body, no test files, safe to send again, names no file, nothing to assign. */
export function readBook<K extends OperationId>(operationId: K): OperationBook<K> {
  return {
    operationId,
    files: 'none',
    harnessScopes: [],
    repeat: 'read',
    names: namedIn(operationId),
    valid: async () => ({}),
    proof: READ_PROOF as ScopeProof<K>,
    foreign: [],
    mass: undefined,
  };
}
