// Learns G20 from the run's log: what a method the spec does not list on a
// known path is answered with a valid key (404, or 405 with Allow as the gap
// register says).
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRouteMatcher, type RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { apiPath, Tally, type Learned } from './observation.ts';

let matcher: RouteMatcher | undefined;

/** The status of an unlisted method, by majority of the answers the run got. */
export function learnUnlistedMethodStatus(views: ExchangeView[], baseUrl: string): Learned<404 | 405> {
  matcher ??= createRouteMatcher(loadRouteTable());
  const seen = new Tally<number>();
  for (const view of views) {
    const { entry } = view;
    // A request variant says what it meant to reach; a key-less one may be refused before routing.
    if (entry.intent || entry.auth.kind !== 'key' || ['HEAD', 'OPTIONS'].includes(entry.sent.method)) continue;
    const path = apiPath(view, baseUrl);
    if (path === undefined || matcher.match(entry.sent.method, path).kind !== 'method-not-allowed') continue;
    seen.add(entry.status);
  }
  const chosen = seen.count(405) >= seen.count(404) ? 405 : 404;
  if (seen.count(chosen) === 0)
    return {
      why: seen.total ? `methods the spec does not list were answered ${seen.describe()}, neither 404 nor 405` : 'no request sent one',
    };
  return { value: chosen, evidence: `answers to methods the spec does not list: ${seen.describe()}` };
}
