// The circuit breaker of a target: after a few requests in a row that got no
// answer (refused, reset, timed out), on several routes, the run stops
// sending, so a dead deployment costs seconds, not a timeout per check. One
// route that hangs (a trickle) stops only its own checks.

/** Requests in a row without an answer that stop a run. */
export const BREAKER_THRESHOLD = 5;
/** Routes the streak must span: requests on one route failing together are that route's problem. */
export const BREAKER_ROUTES = 3;

export class CircuitBreaker {
  private failures = 0;
  private readonly routes = new Set<string>();
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

  /** A request got no answer; `route` names where it went (a route template, or the path). */
  failure(message: string, route = ''): void {
    this.failures++;
    this.routes.add(route);
    if (this.failures >= this.threshold && this.routes.size >= Math.min(BREAKER_ROUTES, this.threshold))
      this.stop(`the deployment stopped answering: ${this.failures} requests in a row got no answer (last: ${message})`);
  }

  /** A request got an answer: the count starts again. */
  success(): void {
    this.failures = 0;
    this.routes.clear();
  }
}
