// A route's served proof: its valid call, on a real target of the allowed
// bucket, with a key holding its scope. Made once per run by whichever test
// needs it first; a 404, 405 or 501 to it says the route is not there, so the
// route's refusals prove nothing and its other checks are "not served". When
// the run has no test file the call may act on, a call on a file that does not
// exist, beside a control, shows it (absent-target-proof.ts). A 5xx to it says
// the route is there and broken: its other checks are blocked behind it.
import type { Route } from '../../openapi/contract/route-table.ts';
import { bookOf } from '../operations/books.ts';
import { callRequest } from '../client/request-builder.ts';
import { holder } from '../plan/generator-context.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { SetupError } from '../client/setup-error.ts';
import { checkIds } from '../plan/check-ids.ts';
import { pickKeys } from '../plan/key-picker.ts';
import { currentAttribution } from '../run/attribution.ts';
import type { CheckSession, ServedProof } from '../plan/check-run.ts';
import { shareExchange } from '../run/shared-exchange.ts';
import type { Exchange } from '../http/api-client.ts';
import { NOT_SERVED, proveOnAbsentTarget } from './absent-target-proof.ts';

/** Sends the route's valid call and reads what it says about the route. */
export async function proveServed(session: CheckSession, route: Route, unique: () => string): Promise<ServedProof> {
  const { settings } = session;
  const [key] = pickKeys(settings.keys, holder(route, settings.overrides), settings.buckets);
  if (!key)
    throw new SetupError(
      `no configured key holds ${holder(route, settings.overrides).holds?.join(' + ')} and reaches the allowed bucket`,
      [],
    );
  const needs = scenarioNeeds(route);
  if (needs.writes && settings.readOnly) throw new SetupError('its valid call writes, and the run is --read-only', []);
  const book = bookOf(route);
  const label = `${route.method} ${route.pathTemplate}`;
  const proof = (ex: Exchange, unserved: string | undefined, absentTarget?: true): ServedProof => ({
    status: ex.status,
    ...(absentTarget ? { absentTarget } : {}),
    ...(unserved ? { unserved: `${label} answered ${ex.status} ${unserved} (see ${checkIds.served(route.operationId)})` } : {}),
    // A server error to a valid call: the route is there, and broken; what rests on it is blocked behind its served check.
    ...(!unserved && ex.status >= 500
      ? { broken: `${label} answered ${ex.status} to a valid call${absentTarget ? ' on a file that does not exist' : ' on a real target'}` }
      : {}),
    shown: shareExchange(ex, session.api),
    sentBy: currentAttribution()?.owner ?? 'set-up',
  });
  let call;
  try {
    const fixtures = needs.fixtures ? await session.parts.fixtures(['allowedFile']) : { ready: false };
    const ctx = session.context({ holder: [key] }, fixtures, new Set());
    call = await (book.served ?? book.valid)(ctx, 'allowed');
  } catch (error) {
    // No test data the call may act on: the route is still shown there or not by a call on a file that does not exist.
    if (!(error instanceof SetupError)) throw error;
    const absent = await proveOnAbsentTarget(session, route, key, unique).catch(() => {
      throw error;
    });
    return proof(absent.ex, absent.served ? undefined : `to a valid request ${absent.how}`, true);
  }
  const ex = await session.api.send(callRequest(route, settings, 'allowed', call, { key }));
  return proof(ex, NOT_SERVED.includes(ex.status) ? 'to a valid request on a real target' : undefined);
}
