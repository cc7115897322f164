// Operator: state between requests. The sender's plain request sent right
// after the same request by a key that may, and again between two of its own
// around that key's: a server, cache or session that keys answers by the URL
// and not by the credential serves the key that may's answer to the key that
// may not (PortSwigger, "Web cache deception" and "Practical web cache
// poisoning"; OWASP WSTG, "Testing for Session Fixation"; RFC 9111 §4: a
// stored answer to a request carrying Authorization is not reused for
// another). The key that may's request goes as `before`, judged as itself;
// the sender's, judged by its rule, must be refused as when sent alone.
// Reads only (GET): a cache keys what it stores by the read; a write sent
// twice would act twice. The pair, right after, is essential for no key and
// for a barred key on every read: one pair per read shows the class.
import type { Auth } from '../http/api-client.ts';
import { routeHasSender, type AxisRequest, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

/** The auth of a key that may send the sender's request where it aims: the other bucket for a barred key. */
const mayAuth = (input: OperatorInput): Auth | undefined => (input.sender === 'barred' ? input.mayCall?.other : input.mayCall?.allowed);

function interleavedVariants(input: OperatorInput): Variant[] {
  const auth = mayAuth(input);
  if (!auth) return [];
  const pair = (name: string, essential: boolean, again: boolean): Variant[] =>
    variantOf(input, 'interleaved-keys', name, (base) => base, { essential }).map((v) => {
      const as = (label: string, conforming: 'no-5xx' | Variant['conforming']) => ({
        ...v.request.intent,
        variant: `${name}: ${label}`,
        conforming,
      });
      const byMay: AxisRequest = { ...v.request, auth, intent: as('the key that may', 'no-5xx') };
      const first: AxisRequest = { ...v.request, intent: as('its first request', v.conforming) };
      return { ...v, before: again ? [first, byMay] : [byMay] };
    });
  return distinct([
    ...pair('right after the same request by a key that may', input.sender !== 'lacking', false),
    ...pair('before and after the same request by a key that may', false, true),
  ]);
}

export const interleavedKeys: Operator = {
  axis: 'interleaved-keys',
  about: "Sends the sender's read right after the same read by a key that may, and before and after it.",
  conformingAnswers: 'refused as when sent alone: never the answer the key that may got',
  rules: ['auth', 'scope', 'bucket-limits'],
  senders: ['none', 'lacking', 'barred'],
  applies: (route, sender) => route.method === 'GET' && routeHasSender(route, sender),
  variants: interleavedVariants,
};
