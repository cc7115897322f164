// The run's watchdog: a run always ends. Every call on the run board is
// progress; when something is waiting (a request for a slot or a turn, a test
// for a value another is making) and nothing has moved for longer than any
// legitimate wait (two request timeouts, the consistency window and the
// longest rate-limit wait, plus a margin), the run is stopped, saying what
// waited on what: every waiter is let go, sees the stop and sends nothing.

/** The longest single wait the client takes for a rate limit (retry.maxWaitMs). */
const LONGEST_RATE_WAIT_MS = 60_000;
const MARGIN_MS = 30_000;

/** How long a run may go without progress while something waits, for a request timeout and a consistency window. */
export function stallBoundMs(requestTimeoutMs: number, consistencyWindowMs: number): number {
  return 2 * requestTimeoutMs + consistencyWindowMs + LONGEST_RATE_WAIT_MS + MARGIN_MS;
}

export interface WatchdogOptions {
  boundMs: number;
  /** What is waiting now, in words, or undefined when nothing waits. */
  waiting(): string | undefined;
  /** Stops the run for the reason given. */
  stop(reason: string): void;
  /** How often to look (default: a tenth of the bound, at least 100 ms). */
  everyMs?: number;
  now?: () => number;
}

export class Watchdog {
  private last: number;
  private readonly timer: NodeJS.Timeout;
  private fired = false;
  private readonly now: () => number;

  constructor(private readonly options: WatchdogOptions) {
    this.now = options.now ?? (() => performance.now());
    this.last = this.now();
    this.timer = setInterval(() => this.look(), options.everyMs ?? Math.max(100, Math.round(options.boundMs / 10)));
    // The watchdog never keeps a finished run's process alive.
    this.timer.unref();
  }

  /** Something moved. */
  progress(): void {
    this.last = this.now();
  }

  /** Looks once: stops the run when something waits and nothing moved within the bound. */
  look(): void {
    if (this.fired) return;
    const idle = this.now() - this.last;
    if (idle <= this.options.boundMs) return;
    const waiting = this.options.waiting();
    if (!waiting) return;
    this.fired = true;
    clearInterval(this.timer);
    this.options.stop(
      `the run made no progress for ${Math.round(idle / 1000)} s while ${waiting} (a harness bug or a deployment that holds every request open); nothing more is sent`,
    );
  }

  close(): void {
    clearInterval(this.timer);
  }
}
