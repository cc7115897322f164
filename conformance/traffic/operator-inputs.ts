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
import type { KeyNeed } from '../plan/check-types.ts';
import type { Overrides } from '../config/config-types.ts';
import { expectedScope, holdsScope } from '../oracles/who-may-call.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { bookOf } from '../operations/books.ts';
import { validCall } from '../operations/valid-call.ts';
import { callRequest, type BucketRole } from '../client/request-builder.ts';
import { bodyFieldsOf, loadContract } from '../operators/contract-fields.ts';
import { valueAt } from '../operators/run-values.ts';

/**
 * A writing route's valid calls for variants, apart from the checks' own: a served variant acts on its call,
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

/** The key a sender of the route needs: lacking its scope, barred from the other bucket while holding it, or holding it. */
function keyNeed(sender: Exclude<Sender, 'none'>, route: Route, overrides: Overrides): KeyNeed {
  const scope = expectedScope(route, overrides);
  const reaches: KeyNeed['reaches'] = route.bucketScoped ? ['allowed'] : undefined;
  if (sender === 'lacking') return { lacks: scope, reaches };
  if (sender === 'barred') return { holds: [scope], reaches: ['allowed'], barredFrom: 'other' };
  return { holds: [scope], reaches };
}

/**
 * The key a sender of the route sends with (undefined for no key), or why none fits. Where several fit, one that
 * also lacks the scopes of the path's other operations goes first for a key lacking the scope (a GET carrying
 * the write's method is then refused as either), and one reaching both buckets for the key that may (the other
 * bucket's file under the allowed bucket then breaks the hierarchy alone, never the key's bucketIds).
 */
export function senderKey(ctx: CheckRun, route: Route, sender: Sender): { key?: string } | { missing: string } {
  if (sender === 'none') return {};
  const { keys, buckets, overrides } = ctx.settings;
  const need = keyNeed(sender, route, overrides);
  const fitting = pickKeys(keys, { ...need, every: true }, buckets);
  const siblings = loadRouteTable()
    .filter((r) => r.pathTemplate === route.pathTemplate && r !== route)
    .map((r) => expectedScope(r, overrides));
  const declared = (name: string) => keys.find((k) => k.name === name)!;
  const better =
    sender === 'lacking'
      ? fitting.find((name) => siblings.every((scope) => !holdsScope(declared(name), scope)))
      : sender === 'holder' && route.bucketScoped
        ? pickKeys(keys, { ...need, reaches: ['allowed', 'other'] }, buckets)[0]
        : undefined;
  const key = better ?? pickKeys(keys, need, buckets)[0];
  return key ? { key } : { missing: `no configured key fits the ${sender} sender` };
}

/**
 * A key that may call the route, for variants that send its request or its key beside the sender's: the key the
 * holder sender uses (on the allowed bucket), and on a bucket route a key holding the scope that reaches the other.
 */
function mayCallOf(ctx: CheckRun, route: Route): OperatorInput['mayCall'] {
  const holder = senderKey(ctx, route, 'holder');
  const { keys, buckets, overrides } = ctx.settings;
  const other = route.bucketScoped
    ? pickKeys(keys, { holds: [expectedScope(route, overrides)], reaches: ['other'] }, buckets)[0]
    : undefined;
  const name = 'key' in holder ? holder.key : undefined;
  return {
    ...(name ? { allowed: { key: name }, token: () => ctx.api.token(name) } : {}),
    ...(other ? { other: { key: other } } : {}),
  };
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
      mayCall: mayCallOf(ctx, route),
      valid: { allowed, ...(other ? { other } : {}) },
    };
  } catch (error) {
    return `the ${sender} sender's valid call: ${ctx.api.redact((error as Error).message)}`;
  }
}
