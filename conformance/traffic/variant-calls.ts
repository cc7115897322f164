// What the request-variant traffic shares: who sends a variant (no key, a key
// lacking the route's scope, a key barred from the other bucket, a key holding
// the scope), and the variant of the route's valid call on a real target
// (operations/valid-call.ts) as an IntendedRequest naming what it meant to reach.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Auth } from '../http/api-client.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { KeyNeed } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { SetupPart } from '../plan/fixture-types.ts';
import { type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { bookOf } from '../operations/books.ts';
import { validCall } from '../operations/valid-call.ts';
import { callRequest, type BucketRole, type OperationCall } from '../client/request-builder.ts';
import type { TrafficTask } from './traffic-types.ts';

/** Who sends a variant, and on which bucket. */
export type Sender = 'none' | 'lacking' | 'barred' | 'holder';

/** A variant as a task sends it: its name (the intent's variant) and the request's changes. */
export interface Variant {
  variant: string;
  /** The request with the variant applied; `base` is the route's valid request. */
  shape(base: IntendedRequest): IntendedRequest;
}

const WHO: Record<Sender, string> = {
  none: 'without a key',
  lacking: 'by a key lacking the scope',
  barred: 'on the other bucket by a key barred from it',
  holder: 'by a key holding the scope',
};

/** The rule a sender's variants can show broken: no key (auth), a key lacking the scope (scope), a barred key (bucket-limits), a key that may (robustness). */
export const RULE_OF_SENDER: Record<Sender, string> = { none: 'auth', lacking: 'scope', barred: 'bucket-limits', holder: 'robustness' };

/** The bucket a sender's variants name: the other one for a barred key, else the one the run may reach. */
const bucketOf = (sender: Sender): BucketRole => (sender === 'barred' ? 'other' : 'allowed');

/** The key a sender of the route needs, by role (`key`; none for no key). */
export function keyNeed(sender: Sender, route: Route, overrides: GeneratorContext['overrides']): Record<string, KeyNeed> {
  const scope = expectedScope(route, overrides);
  const reaches: KeyNeed['reaches'] = route.bucketScoped ? ['allowed'] : undefined;
  if (sender === 'none') return {};
  if (sender === 'lacking') return { key: { lacks: scope, reaches } };
  if (sender === 'barred') return { key: { holds: [scope], reaches: ['allowed'], barredFrom: 'other' } };
  return { key: { holds: [scope], reaches } };
}

/** The shared test files a route's valid call on a bucket needs. */
function needsOf(route: Route, bucket: BucketRole): SetupPart[] | undefined {
  return bookOf(route).files === 'shared' ? [bucket === 'other' ? 'otherFile' : 'allowedFile'] : undefined;
}

/** The request of a route's valid call, as a variant of it meant to reach the route. */
export function intended(
  route: Route,
  ctx: CheckRun,
  bucket: BucketRole,
  call: OperationCall,
  auth: Auth,
  variant: string,
): IntendedRequest {
  return { ...callRequest(route, ctx.settings, bucket, call, auth), intent: { operationId: route.operationId, variant } };
}

/** The auth of a sender in a task's run (a configured key by name, or none). */
export function senderAuth(sender: Sender, ctx: CheckRun): Auth {
  return sender === 'none' ? { none: true } : { key: ctx.keys.key[0] };
}

/**
 * One task sending variants of a route's valid call, one after the other, from one sender. The variants may
 * depend on the run (a header carrying the sender's token), so they are made when the task runs.
 */
export function variantTask(
  route: Route,
  g: GeneratorContext,
  sender: Sender,
  what: string,
  variants: (ctx: CheckRun) => Variant[],
  rule: string | string[] = RULE_OF_SENDER[sender],
): TrafficTask {
  const bucket = bucketOf(sender);
  const book = bookOf(route);
  return {
    name: `${what} of ${route.method} ${route.pathTemplate}, ${WHO[sender]}`,
    operationId: route.operationId,
    rules: [rule].flat(),
    keys: keyNeed(sender, route, g.overrides),
    // A server that broke a rule would act on the valid body.
    writes: route.mutates || book.files === 'disposable',
    needs: needsOf(route, bucket),
    async run(ctx) {
      const call = await validCall(ctx, route, bucket);
      for (const { variant, shape } of variants(ctx)) {
        await ctx.api.send(shape(intended(route, ctx, bucket, call, senderAuth(sender, ctx), variant)));
      }
    },
  };
}

/**
 * The senders of variants on a route: no key, a key lacking its scope, on a bucket route a key barred from the
 * other bucket, and a key that may call it (whose variants must never be answered with a 5xx).
 */
export function sendersOf(route: Route): Sender[] {
  return route.bucketScoped ? ['none', 'lacking', 'barred', 'holder'] : ['none', 'lacking', 'holder'];
}
