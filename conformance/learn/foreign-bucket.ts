// Learns G13 from the run's log: what a key holding a route's scope, whose
// bucketIds exclude the other bucket, is answered on that bucket's routes
// (403 or 404; the gap register says 404, like an absent bucket).
import type { RunSettings } from '../config/config-types.ts';
import { expectedScope, holdsScope, reachesBucket } from '../oracles/who-may-call.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { Tally, type Learned } from './observation.ts';

/** The status of a bucket outside the key's bucketIds, by majority of the answers the run got. */
export function learnForeignBucketStatus(views: ExchangeView[], settings: RunSettings): Learned<403 | 404> {
  const other = settings.buckets.other;
  const barred = new Map(settings.keys.filter((k) => !reachesBucket(k, other)).map((k) => [k.name, k]));
  if (barred.size === 0) return { why: `no configured key has bucketIds excluding ${other} (buckets.other)` };
  const routes = new Map(loadRouteTable().map((r) => [r.operationId, r]));
  const seen = new Tally<number>();
  for (const view of views) {
    const { entry } = view;
    // A request variant (a path spelling, HEAD) may be refused for reasons of its own.
    if (entry.intent || entry.auth.kind !== 'key' || view.params.bucketId !== other) continue;
    const route = routes.get(view.operations[0] ?? '');
    const key = barred.get(entry.auth.key);
    // Upload-complete refuses every API key first (G03), whatever the bucket.
    if (!route || !key || !route.bucketScoped || route.agentForbidden) continue;
    if (!holdsScope(key, expectedScope(route, settings.overrides))) continue;
    seen.add(entry.status);
  }
  const chosen = seen.count(403) >= seen.count(404) ? 403 : 404;
  if (seen.count(chosen) === 0)
    return { why: seen.total ? `the other bucket was answered ${seen.describe()}, neither 403 nor 404` : 'no request reached it' };
  return { value: chosen, evidence: `answers on the other bucket to a key barred from it: ${seen.describe()}` };
}
