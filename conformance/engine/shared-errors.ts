// The errors that keep their kind when a value made once for the run failed in
// one process and is taken by another (a set-up part, a served proof): what
// each carries besides its message, and how the taker rebuilds it, so every
// test reads the failure the way the maker would have.
import { NotProven, NotRun } from '../plan/no-verdict.ts';
import { ReadBackError } from '../client/read-back.ts';
import { SetupError } from '../client/setup-error.ts';
import { HarnessError } from '../http/api-client.ts';
import { RateLimitedError, TransportError } from '../http/transport/transport-errors.ts';
import { reviveError, shareError, shareableError, type SharedError } from '../run/run-board.ts';

let registered = false;

/** Registers the kit's error kinds with the board (once per process). */
export function registerSharedErrors(): void {
  if (registered) return;
  registered = true;
  const cause = (error: Error) => (error.cause ? { cause: shareError(error.cause) } : {});
  const withCause = <E extends Error>(error: E, fields: Record<string, unknown>): E => {
    if (fields.cause) Object.defineProperty(error, 'cause', { value: reviveError(fields.cause as SharedError) });
    return error;
  };
  shareableError<SetupError>(
    'SetupError',
    SetupError,
    (e) => ({ blame: e.blame, operationId: e.operationId }),
    (m, f) => new SetupError(m, f.blame as string[], f.operationId as never),
  );
  shareableError<ReadBackError>(
    'ReadBackError',
    ReadBackError,
    (e) => ({ operationId: e.operationId }),
    (m, f) => new ReadBackError(m, f.operationId as never),
  );
  shareableError<NotRun>(
    'NotRun',
    NotRun,
    (e) => ({ status: e.status }),
    (m, f) => new NotRun(f.status as NotRun['status'], m),
  );
  shareableError<NotProven>(
    'NotProven',
    NotProven,
    () => ({}),
    (m) => new NotProven(m),
  );
  shareableError<TransportError>(
    'TransportError',
    TransportError,
    (e) => ({ code: e.code }),
    (m, f) => new TransportError(m, f.code as string),
  );
  shareableError<RateLimitedError>(
    'RateLimitedError',
    RateLimitedError,
    (e) => ({ status: e.status, askedMs: e.askedMs, attempts: e.attempts, cap: e.cap, limit: e.limit }),
    (_m, f) => new RateLimitedError(f.status as number, f.askedMs as number, f.attempts as number, f.cap as never, f.limit as number),
  );
  shareableError<HarnessError>('HarnessError', HarnessError, cause, (m, f) => withCause(new HarnessError(m), f));
}
