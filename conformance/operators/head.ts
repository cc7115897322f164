// Operator: HEAD of every GET route, the GET's valid request with its method
// changed. A server may route HEAD apart from GET and leave a check behind
// (the key's bucketIds, its scope).
// Essential: every GET is judged on its HEAD in every run, whatever the budget.
// A conforming server answers HEAD as the GET (same status, no body) after the
// same checks, or 405/404; the exchange is judged as the GET it names.
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { variantOf } from './variant-build.ts';

function headVariants(input: OperatorInput): Variant[] {
  return variantOf(input, 'head', `HEAD of ${input.route.method} ${input.route.pathTemplate}`, (base) => ({ ...base, method: 'HEAD' }), {
    essential: true,
  });
}

export const head: Operator = {
  axis: 'head',
  about: 'Sends HEAD in place of each GET, with the same path, query and key.',
  conformingAnswers: 'the GET answer without a body, after the same checks (refused without a key, the scope or the bucket), or 405/404',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: (route, sender) => route.method === 'GET' && routeHasSender(route, sender),
  variants: headVariants,
};
