// The input of an operator for one route and sender on a real target: the
// route's valid call (made once per run, operations/valid-call.ts) on the
// allowed bucket and, for a key barred from the other one, on that bucket too;
// the sender's auth (no key, or the configured key the picker chooses for its
// need: lacking the scope, barred from the other bucket, holding the scope);
// its token; and what the run has seen (operator-seen.ts).
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Auth } from '../http/api-client.ts';
import type { OperatorInput, RunSeen, Sender } from '../operators/operator-types.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { pickKeys } from '../plan/key-picker.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { bookOf } from '../operations/books.ts';
import { validCall } from '../operations/valid-call.ts';
import { callRequest, type BucketRole } from '../client/request-builder.ts';
import { bodyFieldsOf, loadContract } from '../operators/contract-fields.ts';
import { valueAt } from '../operators/run-values.ts';
import { keyNeed } from './variant-calls.ts';

/**
 * A writing route's valid calls for variants, apart from the traffic tasks' one: a served variant acts on its call,
 * and must not use up the call other variants need. The senders a conforming server may serve (the key that may, a
 * barred key on the allowed bucket) get one each; those it refuses (no key, a key lacking the scope) share one.
 */
const laneOf = (route: Route, sender: Sender) =>
  route.mutates ? `operators${sender === 'holder' || sender === 'barred' ? `:${sender}` : ''}` : undefined;

/** The route's valid request on the bucket with the auth, made once per run (per lane); throws when it cannot be made. */
export async function validRequestOf(ctx: CheckRun, route: Route, bucket: BucketRole, auth: Auth, lane?: string): Promise<IntendedRequest> {
  const shared = bookOf(route).files === 'shared';
  if (shared && !canCreateFixtures(ctx.settings)) throw new Error('its valid call needs test files, which this run cannot make');
  const fixtures = shared ? await ctx.session.parts.fixtures([bucket === 'other' ? 'otherFile' : 'allowedFile']) : ctx.fixtures;
  const call = await validCall({ ...ctx, fixtures }, route, bucket, lane);
  return { ...callRequest(route, ctx.settings, bucket, call, auth), intent: { operationId: route.operationId } };
}

/** The key a sender of the route sends with (undefined for no key), or why none fits. */
export function senderKey(ctx: CheckRun, route: Route, sender: Sender): { key?: string } | { missing: string } {
  if (sender === 'none') return {};
  const need = keyNeed(sender, route, ctx.settings.overrides).key;
  const [key] = pickKeys(ctx.settings.keys, need, ctx.settings.buckets);
  return key ? { key } : { missing: `no configured key fits the ${sender} sender` };
}

/**
 * What the run has seen, with the files the valid call names counted as trashed where the route acts on trashed
 * files (its book spends those): their counterparts in the other bucket are then trashed files too.
 */
function seenWith(seen: RunSeen, route: Route, request: IntendedRequest): RunSeen {
  if (bookOf(route).proof?.spends !== 'trashed') return seen;
  const ids = bodyFieldsOf(loadContract(), route)
    .filter((f) => f.kind === 'file' && f.shape !== 'path')
    .flatMap((f) => [valueAt(request.json, f.pointer)].flat())
    .filter((id): id is string => typeof id === 'string');
  return { ...seen, allowed: { ...seen.allowed, trashedFileIds: [...new Set([...ids, ...seen.allowed.trashedFileIds])] } };
}

/** The operator input of the route and sender, or why there is none (no key fits, the valid call could not be made). */
export async function operatorInput(ctx: CheckRun, route: Route, sender: Sender, seen: RunSeen): Promise<OperatorInput | string> {
  const picked = senderKey(ctx, route, sender);
  if ('missing' in picked) return picked.missing;
  const auth: Auth = picked.key ? { key: picked.key } : { none: true };
  try {
    const allowed = await validRequestOf(ctx, route, 'allowed', auth, laneOf(route, sender));
    const other = sender === 'barred' && route.bucketScoped ? await validRequestOf(ctx, route, 'other', auth) : undefined;
    const name = picked.key;
    return {
      route,
      sender,
      seen: seenWith(seen, route, allowed),
      contract: loadContract(),
      token: name ? () => ctx.api.token(name) : undefined,
      valid: { allowed, ...(other ? { other } : {}) },
    };
  } catch (error) {
    return `the ${sender} sender's valid call: ${ctx.api.redact((error as Error).message)}`;
  }
}
