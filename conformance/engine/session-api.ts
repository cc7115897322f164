// The client as the engine hands it to checks and set-up: every request is
// attributed to its owner (a step of its report), logged for the rules judged
// over the whole run, counted by the circuit breaker, and refused once the run
// has stopped.
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { Api } from '../http/api.ts';
import { currentAttribution, recordStep } from './attribution.ts';
import type { CircuitBreaker } from './breaker.ts';

/** The most of an answer's text the run log keeps for the rules judged after the run. */
export const LOGGED_TEXT_LIMIT = 256 * 1024;

/** One exchange of the run, as the rules over every exchange see it; kept in memory only (it may hold a key). */
export interface LoggedExchange {
  seq: number;
  owner: string;
  phase: 'check' | 'setup' | 'cleanup';
  request: ApiRequest;
  /** The URL as sent (a key in its query string included). */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The answer's text, cut at LOGGED_TEXT_LIMIT. */
  text: string;
}

/** The run's exchanges, in the order their answers came. */
export class ExchangeLog {
  readonly entries: LoggedExchange[] = [];
  add(entry: Omit<LoggedExchange, 'seq'>): void {
    this.entries.push({ ...entry, seq: this.entries.length });
  }
}

/** Thrown for a request the run no longer sends: it has stopped. */
export class RunStoppedError extends Error {}

/** Whether an error means the request got no answer at all (the breaker counts those). */
function gotNoAnswer(error: unknown): boolean {
  const name = (error as Error | undefined)?.constructor?.name;
  return name === 'TransportError' || name === 'HarnessError';
}

/** Wraps the client for one target's session. */
export function sessionApi(client: Api, breaker: CircuitBreaker, log: ExchangeLog): Api {
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
        url: exchange.request.url,
        status: exchange.status,
        headers: exchange.headers,
        text: exchange.text.length > LOGGED_TEXT_LIMIT ? exchange.text.slice(0, LOGGED_TEXT_LIMIT) : exchange.text,
      });
      return exchange;
    },
  };
}
