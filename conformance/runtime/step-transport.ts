// The suite's requests, kept away from Playwright's reporters: each goes over the
// transport inside a step whose title is the redacted URL, and feeds the circuit
// breaker. Playwright's own request steps would show a key in the query string and,
// on a timeout, the Authorization header in the call log; nothing of a request reaches a report here.
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import type { Redactor } from '../http/redact.ts';
import { RateLimitedError, TransportError } from '../http/transport/transport-errors.ts';
import type { Transport, WireRequest } from '../http/transport/transport-types.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';

export interface StepTransportOptions {
  redact: Redactor;
  breaker: CircuitBreaker;
}

// Every request step points here: a fixed location spares Playwright a stack trace per request, its costliest part.
const STEP_LOCATION = { file: fileURLToPath(import.meta.url), line: 1, column: 1 };

/** Whether code runs inside a test (a worker fixture's teardown does not, and has no step to open). */
function inTest(): boolean {
  try {
    test.info();
    return true;
  } catch {
    return false;
  }
}

async function send(transport: Transport, request: WireRequest, { redact, breaker }: StepTransportOptions) {
  const stopped = breaker.stopped();
  if (stopped) throw new TransportError(`not sent: ${stopped}`);
  try {
    const answer = await transport.send(request);
    breaker.success();
    return answer;
  } catch (error) {
    // Only redacted text may leave: a step records its error for every reporter.
    if (!(error instanceof TransportError)) {
      // Rate limited past the caps: the deployment did answer. A refused origin: nothing was sent.
      if (error instanceof RateLimitedError) breaker.success();
      throw error;
    }
    const message = redact(error.message);
    breaker.failure(message);
    throw new TransportError(message, error.code);
  }
}

/** The transport with each request inside a step titled with the redacted URL, counted by the breaker. */
export function keySafeTransport(transport: Transport, options: StepTransportOptions): Transport {
  return {
    send(request) {
      if (!inTest()) return send(transport, request, options);
      const { host, pathname, search } = new URL(request.url);
      const title = `${request.method} ${options.redact(`${host}${pathname}${search}`)}`;
      return test.step(title, () => send(transport, request, options), { location: STEP_LOCATION });
    },
    stats: () => transport.stats(),
    close: () => transport.close(),
  };
}
