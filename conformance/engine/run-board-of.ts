// The run board a run's settings call for: its request concurrency and rate,
// and the watchdog's bound, from the request timeout and the consistency window.
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import { LocalBoard } from '../run/local-board.ts';
import { stallBoundMs } from '../run/watchdog.ts';

/** The board of a run with these settings (one per run, in the process that owns it). */
export function runBoardOf(settings: RunSettings): LocalBoard {
  return new LocalBoard({
    concurrency: settings.concurrency,
    maxRps: settings.maxRps,
    stallBoundMs: stallBoundMs(settings.requestTimeoutMs, overrideOf(settings.overrides, 'consistencyWindowMs')),
  });
}
