// Why a piece of set-up a check needs could not be made, and which checks'
// rules that points at: a set-up step the server broke is reported against
// the check of that rule ("see UPLOAD-appears-without-complete"), and a step
// that hit a route the deployment does not serve says so, never as a harness error.
import { HarnessError } from '../http/api-client.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { OperationId } from './request-builder.ts';

export class SetupError extends HarnessError {
  constructor(
    message: string,
    /** Ids of the checks whose rule the failing step rests on, most specific first. */
    readonly blame: string[],
    /** The operation the failing step called, when one answered. */
    readonly operationId?: OperationId,
  ) {
    super(message);
  }
}

/** A presign-upload that was not served: the step every test file needs. */
export function presignRefused(path: string, status: number): SetupError {
  return new SetupError(`presign-upload of ${path} answered ${status}`, [checkIds.served('presignUpload')], 'presignUpload');
}
