// The client as the engine hands it to checks and set-up: every request is
// attributed to its owner (a step of its report), logged for the rules judged
// over the whole run, counted by the circuit breaker, and refused once the run
// has stopped.
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { Api } from '../http/api.ts';
import { TransportError } from '../http/transport/transport-errors.ts';
import type { AuthUsed, IntendedRequest, LoggedExchange } from '../oracles/logged-exchange.ts';
import { currentAttribution, recordStep } from './attribution.ts';
import type { CircuitBreaker } from './breaker.ts';

/** The most of an answer's text the run log keeps for the rules judged after the run. */
export const LOGGED_TEXT_LIMIT = 256 * 1024;

export type { LoggedExchange } from '../oracles/logged-exchange.ts';

/** The run's exchanges, in the order their answers came. */
export class ExchangeLog {
  readonly entries: LoggedExchange[] = [];
  add(entry: Omit<LoggedExchange, 'seq'>): void {
    this.entries.push({ ...entry, seq: this.entries.length });
  }
}

/** Thrown for a request the run no longer sends: it has stopped. */
export class RunStoppedError extends Error {}

/** Whether an error means the request got no answer at all (the breaker counts those; a rate limit given up on is an answer). */
function gotNoAnswer(error: unknown): boolean {
  const cause = (error as Error | undefined)?.cause ?? error;
  return cause instanceof TransportError;
}

/** How a request authenticated, read from what the suite asked for (a raw header counts as a key only when it is exactly one). */
function authOf(client: Api, request: ApiRequest, keyNames: readonly string[]): AuthUsed {
  const auth = request.auth;
  if (!auth || 'none' in auth) return { kind: 'invalid', how: 'no Authorization header' };
  if ('queryParam' in auth) return { kind: 'invalid', how: `the key in ?${auth.queryParam}=` };
  if ('key' in auth) return { kind: 'key', key: auth.key };
  const exact = keyNames.find((name) => auth.header === `Bearer ${client.token(name)}`);
  return exact ? { kind: 'key', key: exact } : { kind: 'invalid', how: 'an Authorization header with no valid key' };
}

/** Wraps the client for one target's session. */
export function sessionApi(client: Api, breaker: CircuitBreaker, log: ExchangeLog, keyNames: readonly string[] = []): Api {
  const title = (request: ApiRequest, url: string) => {
    const { host, pathname, search } = new URL(url);
    return `${request.method} ${client.redact(`${host}${pathname}${search}`)}`;
  };
  return {
    redact: client.redact,
    token: (name) => client.token(name),
    secrets: () => client.secrets(),
    async send(request: ApiRequest): Promise<Exchange> {
      const stopped = breaker.stopped();
      if (stopped) throw new RunStoppedError(`not sent: ${stopped}`);
      const started = performance.now();
      let exchange: Exchange;
      try {
        exchange = await client.send(request);
      } catch (error) {
        const ms = Math.round(performance.now() - started);
        if (gotNoAnswer(error)) breaker.failure(client.redact((error as Error).message));
        recordStep({ title: `${request.method} ${client.redact(request.path)} → no answer`, ms });
        throw error;
      }
      breaker.success();
      const ms = Math.round(performance.now() - started);
      recordStep({ title: `${title(request, exchange.request.url)} → ${exchange.status}`, status: exchange.status, ms });
      const owner = currentAttribution();
      log.add({
        owner: owner?.owner ?? 'run',
        phase: owner?.phase ?? 'setup',
        request,
        sent: exchange.request,
        auth: authOf(client, request, keyNames),
        intent: (request as IntendedRequest).intent,
        url: exchange.request.url,
        status: exchange.status,
        headers: exchange.headers,
        text: exchange.text.length > LOGGED_TEXT_LIMIT ? exchange.text.slice(0, LOGGED_TEXT_LIMIT) : exchange.text,
      });
      return exchange;
    },
  };
}
