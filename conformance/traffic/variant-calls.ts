// What the request-variant traffic shares: who sends a variant (no key, a key
// lacking the route's scope, a key barred from the other bucket, a key holding
// the scope), the route's valid call on a real target (made once per run and
// bucket), and the variant as an IntendedRequest naming what it meant to reach.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Auth } from '../http/api-client.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { CheckRun, KeyNeed } from '../plan/check-types.ts';
import type { DisposableFiles, SetupPart } from '../plan/fixture-types.ts';
import { expectedScope, type GeneratorContext } from '../checks/generator-context.ts';
import { scenarioFor } from '../checks/operations.ts';
import { callRequest, type BucketRole, type OperationCall } from '../checks/request-builder.ts';
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

/** The bucket a sender's variants name: the other one for a barred key, else the one the run may reach. */
const bucketOf = (sender: Sender): BucketRole => (sender === 'barred' ? 'other' : 'allowed');

function keyNeed(sender: Sender, route: Route, g: GeneratorContext): Record<string, KeyNeed> {
  const scope = expectedScope(route, g.overrides);
  const reaches: KeyNeed['reaches'] = route.bucketScoped ? ['allowed'] : undefined;
  if (sender === 'none') return {};
  if (sender === 'lacking') return { key: { lacks: scope, reaches } };
  if (sender === 'barred') return { key: { holds: [scope], reaches: ['allowed'], barredFrom: 'other' } };
  return { key: { holds: [scope], reaches } };
}

/** The shared test files a route's valid call on a bucket needs. */
function needsOf(route: Route, bucket: BucketRole): SetupPart[] | undefined {
  return scenarioFor(route).files === 'shared' ? [bucket === 'other' ? 'otherFile' : 'allowedFile'] : undefined;
}

// One valid call per run, route and bucket, whichever task asks first: each disposable file is an upload.
const calls = new WeakMap<DisposableFiles, Map<string, Promise<OperationCall>>>();

/** The route's valid call on a real target of the bucket (with a valid body for a writing route), made once per run. */
export function validCall(ctx: CheckRun, route: Route, bucket: BucketRole): Promise<OperationCall> {
  let made = calls.get(ctx.files);
  if (!made) calls.set(ctx.files, (made = new Map()));
  const id = `${route.operationId} ${bucket}`;
  let call = made.get(id);
  if (!call) {
    call = scenarioFor(route).valid(ctx, bucket);
    made.set(id, call);
  }
  return call;
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
): TrafficTask {
  const bucket = bucketOf(sender);
  const scenario = scenarioFor(route);
  return {
    name: `${what} of ${route.method} ${route.pathTemplate}, ${WHO[sender]}`,
    keys: keyNeed(sender, route, g),
    // A server that broke a rule would act on the valid body.
    writes: route.mutates || scenario.files === 'disposable',
    needs: needsOf(route, bucket),
    async run(ctx) {
      const call = await validCall(ctx, route, bucket);
      for (const { variant, shape } of variants(ctx)) {
        await ctx.api.send(shape(intended(route, ctx, bucket, call, senderAuth(sender, ctx), variant)));
      }
    },
  };
}

/** The senders of variants on a route: no key, a key lacking its scope, and on a bucket route a key barred from the other bucket. */
export function sendersOf(route: Route): Sender[] {
  return route.bucketScoped ? ['none', 'lacking', 'barred'] : ['none', 'lacking'];
}
