// The circuit breaker of a target: it counts requests in a row that got no
// answer (refused, reset, timed out) across every worker of the run, and after
// a few it stops the run, so a dead deployment costs seconds, not a timeout per check.
import { appendFileSync, existsSync, statSync, truncateSync } from 'node:fs';
import { readStop, runFiles, writeStop } from './run-files.ts';

/** Requests in a row without an answer that stop a run. */
export const BREAKER_THRESHOLD = 5;

export interface CircuitBreaker {
  /** Why the run stopped (by this breaker, the preflight or the set-up), or undefined while it goes on. */
  stopped(): string | undefined;
  /** A request got no answer. */
  failure(message: string): void;
  /** A request got an answer: the count starts again. */
  success(): void;
}

/** The breaker of the target whose run directory is given; the count lives in a file every worker appends to. */
export function circuitBreaker(runDir: string, threshold = BREAKER_THRESHOLD): CircuitBreaker {
  const counter = runFiles(runDir).breaker;
  let stop: string | undefined;
  return {
    stopped() {
      // Once stopped, a run never resumes: no need to read the marker again.
      stop ??= existsSync(runFiles(runDir).stop) ? readStop(runDir)?.reason : undefined;
      return stop;
    },
    failure(message) {
      // One byte per failure: appends of one byte from several processes never interleave.
      appendFileSync(counter, 'x');
      const count = statSync(counter).size;
      if (count >= threshold) {
        writeStop(runDir, {
          exitCode: 2,
          reason: `the deployment stopped answering: ${count} requests in a row got no answer (last: ${message})`,
        });
      }
    },
    success() {
      if (existsSync(counter) && statSync(counter).size > 0) truncateSync(counter, 0);
    },
  };
}
