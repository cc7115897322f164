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

/** Polls `seen` (a read-back) until it holds or `windowMs` has passed; pauses grow from 100 ms to 1 s. */
export async function pollUntil(seen: () => Promise<boolean>, windowMs: number): Promise<boolean> {
  const deadline = Date.now() + windowMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
    if (await seen()) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((done) => setTimeout(done, Math.min(pause, left)));
  }
}

/** Polls `seen` for the whole window and returns true as soon as it holds once (a refused write must never show). */
export async function showsWithin(seen: () => Promise<boolean>, windowMs: number): Promise<boolean> {
  return pollUntil(seen, windowMs);
}
