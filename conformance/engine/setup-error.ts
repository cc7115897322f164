// Why a piece of set-up could not be made, and which checks' rules that
// points at: a set-up step the server broke is reported against the check of
// that rule ("see UPLOAD-appears-without-complete"), not as a harness error.
import { HarnessError } from '../http/api-client.ts';
import type { OperationId } from '../checks/request-builder.ts';

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
