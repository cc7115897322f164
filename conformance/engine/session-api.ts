// The client as the engine hands it to checks and set-up: every request is
// attributed to its owner (a step of its report), logged for the rules judged
// over the whole run, counted by the circuit breaker, and refused once the run
// has stopped.
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { Api } from '../http/api.ts';
import { TransportError } from '../http/transport/transport-errors.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRouteMatcher, type RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import type { AuthUsed, IntendedRequest, LoggedExchange } from '../oracles/logged-exchange.ts';
import { currentAttribution, recordStep } from './attribution.ts';
import { detach } from '../report/outcome.ts';
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

/** The Authorization header lines a request carries: from its `auth` and from any header of that name in `headers`. */
function authorizationLines(client: Api, request: ApiRequest): string[] {
  const auth = request.auth;
  const lines = Object.entries(request.headers ?? {}).flatMap(([name, value]) =>
    name.toLowerCase() === 'authorization' ? [value].flat() : [],
  );
  if (auth && 'header' in auth) lines.push(...[auth.header].flat());
  if (auth && 'key' in auth && !('queryParam' in auth)) lines.push(`Bearer ${client.token(auth.key)}`);
  return lines;
}

/**
 * How a request authenticated, read from what the suite asked for: with a key only when it carried exactly one
 * Authorization line, `Bearer <that key's token>`; any other header (two lines, another scheme, a lowercase
 * scheme, a malformed token) counts as no valid key.
 */
function authOf(client: Api, request: ApiRequest, keyNames: readonly string[]): AuthUsed {
  const auth = request.auth;
  if (auth && 'queryParam' in auth) return { kind: 'invalid', how: `the key in ?${auth.queryParam}=` };
  const lines = authorizationLines(client, request);
  if (lines.length === 0) return { kind: 'invalid', how: 'no Authorization header' };
  if (lines.length > 1) return { kind: 'invalid', how: `${lines.length} Authorization headers` };
  if (auth && 'key' in auth) return { kind: 'key', key: auth.key };
  const exact = keyNames.find((name) => lines[0] === `Bearer ${client.token(name)}`);
  return exact ? { kind: 'key', key: exact } : { kind: 'invalid', how: 'an Authorization header with no valid key' };
}

let matcher: RouteMatcher | undefined;

/** The route template a request went to (its path when it matches none), for the breaker's count of routes. */
function routeOf(request: ApiRequest): string {
  if (/^https?:/i.test(request.path)) return new URL(request.path).pathname;
  matcher ??= createRouteMatcher(loadRouteTable());
  const match = matcher.match(request.method, request.path.split('?')[0]);
  return match.kind === 'matched' ? `${match.route.method} ${match.route.pathTemplate}` : request.path;
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
        if (gotNoAnswer(error)) breaker.failure(client.redact((error as Error).message), routeOf(request));
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
        // A copy: a cut string would keep the whole answer alive for the rest of the run.
        text: exchange.text.length > LOGGED_TEXT_LIMIT ? detach(exchange.text.slice(0, LOGGED_TEXT_LIMIT)) : exchange.text,
      });
      return exchange;
    },
  };
}
