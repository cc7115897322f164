// Operator: headers a proxy or framework may take the request's target from
// instead of its request line: X-Original-URL and X-Rewrite-URL (IIS URL
// Rewrite, Symfony and Laminas read them), X-Original-URI, X-Forwarded-Uri and
// X-Forwarded-Path (what auth_request and forward-auth gateways pass on),
// X-Override-URL, and X-Forwarded-Prefix (a prefix joined to the path). Each
// points one way and the other: a request line no route answers carrying the
// route's path (a server routing by the header while its access rules read
// the request line), the route's request line carrying a path no route answers
// (access rules reading the header), and for a barred key the allowed bucket's
// request line carrying the other bucket's path. The header names the full
// path from the origin (the client puts the base path before the route's), as
// a front proxy sends it.
// A conforming server ignores the header (answering the request line: 404 for
// the unrouted one, the route as for its plain request) or refuses.
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { baseOf, distinct, pathOnly, variantOf, withQueryPairs } from './variant-build.ts';

/** The headers that carry a whole target, as front proxies and frameworks read them. */
export const TARGET_HEADERS = [
  'X-Original-URL',
  'X-Rewrite-URL',
  'X-Original-URI',
  'X-Forwarded-Uri',
  'X-Forwarded-Path',
  'X-Override-URL',
];

/** The header that carries a prefix the server joins to the request line's path. */
export const PREFIX_HEADER = 'X-Forwarded-Prefix';

/** A path under the base that no route of any API answers: the request line a rewrite points elsewhere (`GET /`'s part). */
export const UNROUTED = '/bucketkit-unrouted';

/** The request's target relative to the base URL, its query in the path (the client puts the base path before it). */
const targetOf = (request: IntendedRequest): string => withQueryPairs(request, []).path;

function rewriteVariants(input: OperatorInput): Variant[] {
  const own = baseOf(input, 'own');
  if (!own) return [];
  const routeTarget = targetOf(own);
  const header = (name: string, target: string) => (base: IntendedRequest) => ({
    ...base,
    targetHeaders: { ...base.targetHeaders, [name]: target },
  });
  const atUnrouted = (change: (base: IntendedRequest) => IntendedRequest) => (base: IntendedRequest) => {
    const { query: _query, ...rest } = change(base);
    return { ...rest, path: UNROUTED };
  };
  // Kept first when the budget trims: the first header pointing an unrouted request line at the route, from a key lacking the scope.
  const variants = TARGET_HEADERS.flatMap((name, i) => [
    ...variantOf(input, 'target-rewrite', `an unrouted request line with ${name} naming the route`, atUnrouted(header(name, routeTarget)), {
      preferred: i === 0 && input.sender === 'lacking',
    }),
    ...variantOf(input, 'target-rewrite', `${name} naming an unrouted path`, header(name, UNROUTED)),
  ]);
  // The prefix: the route's path but its last segment, the request line that last segment alone (joined, the route).
  const cut = pathOnly(routeTarget).lastIndexOf('/');
  if (cut > 0)
    variants.push(
      ...variantOf(input, 'target-rewrite', `the last segment alone with ${PREFIX_HEADER} naming the rest`, (base) => {
        const folded = withQueryPairs(base, []);
        return { ...folded, path: folded.path.slice(cut), targetHeaders: { [PREFIX_HEADER]: routeTarget.slice(0, cut) } };
      }),
    );
  // A barred key's request line on the allowed bucket, the header on the other bucket's same route.
  if (input.sender === 'barred' && input.valid.other) {
    const otherTarget = targetOf(input.valid.other);
    // The first header carries the other bucket's path: kept first, as every variant that carries the other bucket.
    TARGET_HEADERS.slice(0, 2).forEach((name, i) =>
      variants.push(
        ...variantOf(input, 'target-rewrite', `${name} naming the other bucket's route`, header(name, otherTarget), {
          aim: 'allowed',
          preferred: i === 0,
        }),
      ),
    );
  }
  return distinct(variants);
}

export const targetRewrite: Operator = {
  axis: 'target-rewrite',
  about:
    'Sends target-rewriting headers (X-Original-URL, X-Rewrite-URL, X-Original-URI, X-Forwarded-Uri, X-Forwarded-Path, X-Override-URL, X-Forwarded-Prefix) pointing an unrouted request line at the route, the route at an unrouted path, and a barred key at the other bucket.',
  conformingAnswers: 'the header ignored (404 for the unrouted request line, the route answered as for its plain request) or any refusal',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: routeHasSender,
  variants: rewriteVariants,
};
