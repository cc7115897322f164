// What a process's client sent and met, as counts on the run board (they add
// up over every process of the run), and back as the run's statistics.
import type { TransportStats } from '../http/transport/transport-types.ts';
import type { RunStats } from './summary.ts';
import type { BoardCounts } from '../run/run-board.ts';
import { variantStatsOf } from '../operators/axis-counts.ts';

/** A client's statistics as board counts; "max:" counts keep the largest value given. */
export function countsOf(stats: TransportStats): BoardCounts {
  return {
    sent: stats.sent,
    rateLimited: stats.rateLimited,
    waitedMs: stats.waitedMs,
    'max:inFlight': stats.maxInFlight,
    'transient.met': stats.transient.met,
    'transient.resent': stats.transient.resent,
    'transient.reproduced': stats.transient.reproduced,
    'transient.notResent': stats.transient.notResent,
  };
}

/** The run's statistics from the board's counts. */
export function statsOf(counts: BoardCounts, durationMs: number, concurrency: number): RunStats {
  const variants = variantStatsOf(counts);
  return {
    ...(variants ? { variants } : {}),
    durationMs,
    concurrency,
    requests: counts.sent ?? 0,
    rateLimited: counts.rateLimited ?? 0,
    waitedMs: counts.waitedMs ?? 0,
    maxInFlight: counts['max:inFlight'] ?? 0,
    transient: {
      met: counts['transient.met'] ?? 0,
      resent: counts['transient.resent'] ?? 0,
      reproduced: counts['transient.reproduced'] ?? 0,
      notResent: counts['transient.notResent'] ?? 0,
    },
  };
}
