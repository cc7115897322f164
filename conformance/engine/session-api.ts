// The client as a run hands it to checks and set-up: every request is
// attributed to its owner (a check, a part of the set-up), shown as a step of
// that owner's report, recorded for the rules judged over every exchange, told
// to the run board's circuit breaker, and marked safe to send again after a
// transient failure when its operation's repeat does no harm. (Once the run
// has stopped, the transport's gate sends nothing more.)
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { TransportError } from '../http/transport/transport-errors.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRouteMatcher, type RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { operationOf } from '../client/request-builder.ts';
import { resendOf } from '../operations/books.ts';
import type { AuthUsed, IntendedRequest, LoggedExchange } from '../oracles/logged-exchange.ts';
import type { RunBoard } from '../run/run-board.ts';
import { credentialOf } from '../oracles/credential-forms.ts';
import { currentAttribution, recordStep } from '../run/attribution.ts';
import { detach } from '../report/outcome.ts';
import { ShapeBook } from '../listing/shape-book.ts';

/** The most of an answer's text the run keeps for the rules judged over its exchanges. */
export const LOGGED_TEXT_LIMIT = 256 * 1024;

export type { LoggedExchange } from '../oracles/logged-exchange.ts';

/** Where a run's exchanges go besides their owner: the run's log (in memory, or a file per worker). */
export interface ExchangeSink {
  record(entry: LoggedExchange): void;
}

/** Wraps a request in a step of the owner's report (a Playwright test step), or runs it as it is. */
export type Stepper = <T>(title: string, body: () => Promise<T>) => Promise<T>;

/** The run's exchanges in memory, in the order their answers came. */
export class ExchangeLog implements ExchangeSink {
  readonly entries: LoggedExchange[] = [];
  record(entry: LoggedExchange): void {
    this.entries.push(entry);
  }
}

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

/** How a request authenticated, read from what the suite asked for (see credentialOf: which forms carry a key). */
export function authOf(client: Api, request: ApiRequest, keyNames: readonly string[]): AuthUsed {
  const auth = request.auth;
  if (auth && 'queryParam' in auth) return { kind: 'invalid', how: `the key in ?${auth.queryParam}=` };
  return credentialOf(authorizationLines(client, request), new Map(keyNames.map((name) => [name, client.token(name)])));
}

let matcher: RouteMatcher | undefined;

/** The operation a request relative to the base URL goes to, when it matches one. */
function routeMatched(request: ApiRequest): Route | undefined {
  if (/^https?:/i.test(request.path)) return undefined;
  matcher ??= createRouteMatcher(loadRouteTable());
  const match = matcher.match(request.method, request.path.split('?')[0]);
  return match.kind === 'matched' ? match.route : undefined;
}

/** The route template a request went to (its path when it matches none), for the breaker's count of routes. */
export function routeOf(request: ApiRequest): string {
  if (/^https?:/i.test(request.path)) return new URL(request.path).pathname;
  const route = routeMatched(request);
  return route ? `${route.method} ${route.pathTemplate}` : request.path;
}

/**
 * The request marked safe to send again after a transient failure when a repeat of the operations it goes to (or,
 * as a variant, meant to reach or may be taken for) does no harm; a caller's own choice stands.
 */
function withResend(request: IntendedRequest): ApiRequest {
  if (request.resend !== undefined) return request;
  const { intent } = request;
  const route = intent ? undefined : routeMatched(request);
  const operations = intent ? [intent.operationId, intent.alsoAs] : [route && operationOf(route)];
  const safe = operations.some(Boolean) && operations.every((id) => id === undefined || resendOf(id) === 'safe');
  return safe ? { ...request, resend: 'safe' } : request;
}

// Paths repeat across a run's requests: each is redacted once (the redactor costs more than the request on a fast deployment).
const redactedPaths = new Map<string, string>();

/** A request's path and query as a step title shows it, redacted. */
function redactedPath(client: Api, where: string): string {
  let shown = redactedPaths.get(where);
  if (shown === undefined) {
    shown = client.redact(where);
    if (redactedPaths.size > 10_000) redactedPaths.clear();
    redactedPaths.set(where, shown);
  }
  return shown;
}

/** Who sent a request, for a step title: the key's config name, or how it authenticated otherwise. */
function senderOf(auth: AuthUsed): string {
  return auth.kind === 'key' ? `as ${auth.key}` : `(${auth.how})`;
}

/** Wraps the client for one process of a run. */
export function sessionApi(
  client: Api,
  board: Pick<RunBoard, 'answered' | 'noAnswer'>,
  sink: ExchangeSink,
  keyNames: readonly string[] = [],
  step: Stepper = (_title, body) => body(),
  /** What the process learned of each listing's shape (how its items and pages read). */
  listingShapes = new ShapeBook(),
): Api {
  return {
    redact: client.redact,
    listingShapes,
    token: (name) => client.token(name),
    secrets: () => client.secrets(),
    async send(request: ApiRequest): Promise<Exchange> {
      const auth = authOf(client, request, keyNames);
      const { host, pathname, search } = new URL(/^https?:/i.test(request.path) ? request.path : `http://x${request.path}`);
      const where = /^https?:/i.test(request.path) ? `${host}${pathname}${search}` : `${pathname}${search}`;
      const title = `${request.method} ${redactedPath(client, where)} ${senderOf(auth)}`;
      const started = performance.now();
      let exchange: Exchange;
      try {
        exchange = await step(title, () => client.send(withResend(request)));
      } catch (error) {
        recordStep({ title: `${title} → no answer`, ms: Math.round(performance.now() - started) });
        if (gotNoAnswer(error)) void board.noAnswer(client.redact((error as Error).message), routeOf(request));
        throw error;
      }
      void board.answered();
      recordStep({ title: `${title} → ${exchange.status}`, status: exchange.status, ms: Math.round(performance.now() - started) });
      const owner = currentAttribution();
      const entry: LoggedExchange = {
        seq: 0,
        owner: owner?.owner ?? 'run',
        phase: owner?.phase ?? 'setup',
        request,
        sent: exchange.request,
        auth,
        intent: (request as IntendedRequest).intent,
        url: exchange.request.url,
        status: exchange.status,
        headers: exchange.headers,
        // A copy: a cut string would keep the whole answer alive for the rest of the run.
        text: exchange.text.length > LOGGED_TEXT_LIMIT ? detach(exchange.text.slice(0, LOGGED_TEXT_LIMIT)) : exchange.text,
        shown: exchange.shownText,
        at: Date.now(),
      };
      owner?.exchanges.push(entry);
      sink.record(entry);
      return exchange;
    },
  };
}
