// The circuit breaker of a target: after a few requests in a row that got no
// answer (refused, reset, timed out), the run stops sending, so a dead
// deployment costs seconds, not a timeout per check.

/** Requests in a row without an answer that stop a run. */
export const BREAKER_THRESHOLD = 5;

export class CircuitBreaker {
  private failures = 0;
  private reason: string | undefined;

  constructor(private readonly threshold = BREAKER_THRESHOLD) {}

  /** Why the run stopped, or undefined while it goes on. */
  stopped(): string | undefined {
    return this.reason;
  }

  /** Stops the run for a reason of its own (the first reason wins). */
  stop(reason: string): void {
    this.reason ??= reason;
  }

  /** A request got no answer. */
  failure(message: string): void {
    this.failures++;
    if (this.failures >= this.threshold)
      this.stop(`the deployment stopped answering: ${this.failures} requests in a row got no answer (last: ${message})`);
  }

  /** A request got an answer: the count starts again. */
  success(): void {
    this.failures = 0;
  }
}
