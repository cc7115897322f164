// Operator: the key of a key that may call the route, carried in a channel
// the seed does not name: a header other than Authorization (X-API-Key,
// Api-Key, X-Auth-Token, X-Access-Token, and X_API_KEY, which a CGI-style
// server reads as X-API-Key) or a query parameter (`api_key`,
// `access_token`). The seed names one channel (§5.1: every request carries
// Authorization: Bearer), so a server that reads another serves a request
// the seed refuses (OWASP API Security Top 10 2023, API2 "Broken
// Authentication"; CATS's header fuzzers). Sent two ways: the key alone in
// the channel, with no Authorization (rule auth: 401), and beside a key
// lacking the scope in Authorization (rule scope: the lacking key is the
// request's key, refused 403; a server preferring the other channel serves
// it). The other spellings of Authorization itself are credential-form's;
// the credentials a deployment sets on answers, credential-channel's.
// The lacking key beside the full key in X-API-Key is essential; the key
// alone in X-API-Key is kept first when the budget trims.
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { distinct, variantOf, withQueryPairs } from './variant-build.ts';

/** Headers API gateways and frameworks read an API key from. */
export const KEY_HEADERS = ['X-API-Key', 'Api-Key', 'X-Auth-Token', 'X-Access-Token', 'X_API_KEY'];
/** Query parameters they read one from. */
export const KEY_PARAMETERS = ['api_key', 'access_token'];

function elsewhereVariants(input: OperatorInput): Variant[] {
  const token = input.sender === 'holder' ? input.token?.() : input.mayCall?.token?.();
  if (token === undefined) return [];
  const alone = input.sender === 'holder';
  // The commonest channel goes first: essential beside the lacking key, kept first when the budget trims for the key alone.
  const options = (first: boolean) => ({
    essential: first && !alone,
    preferred: first && alone,
    ...(alone ? { rule: 'auth' as const, conforming: 'refusal' as const } : {}),
  });
  const who = alone ? 'the key, alone' : 'a key that may, beside the key lacking the scope in Authorization,';
  return distinct([
    ...KEY_HEADERS.flatMap((header, i) =>
      variantOf(
        input,
        'credential-elsewhere',
        `${who} in ${header}`,
        (base) => ({ ...base, ...(alone ? { auth: { none: true } } : {}), headers: { ...base.headers, [header]: token } }),
        options(i === 0),
      ),
    ),
    ...KEY_PARAMETERS.flatMap((name) =>
      variantOf(
        input,
        'credential-elsewhere',
        `${who} in ?${name}=`,
        (base) => ({ ...withQueryPairs(base, [[name, token]]), ...(alone ? { auth: { none: true } } : {}) }),
        options(false),
      ),
    ),
  ]);
}

export const credentialElsewhere: Operator = {
  axis: 'credential-elsewhere',
  about:
    'Carries the key of a key that may in X-API-Key, Api-Key, X-Auth-Token, X-Access-Token, ?api_key= or ?access_token=: alone, and beside a key lacking the scope in Authorization.',
  conformingAnswers: 'the channel ignored: 401 for the key alone, 403 (any refusal) beside the key lacking the scope',
  rules: ['auth', 'scope'],
  senders: ['lacking', 'holder'],
  applies: () => true,
  variants: elsewhereVariants,
};
