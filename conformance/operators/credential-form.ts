// Operator: other forms of the sender's credential in the Authorization
// header. Forms that are no longer the key (its letters upper-, lower- or
// swap-cased, one character cut, half of it, one added before or after, a
// space inside, the token twice), sent with the key that may call the route
// (any other is refused whatever the form), are judged by the auth rule: a
// conforming server refuses them (401). Spellings RFC 9110 lets a server read as the key
// (the scheme in another case, two spaces or a tab after it, spaces around the
// value: G36) are that key, judged by the sender's rule: refused for a key
// lacking the scope or barred from the bucket, never a 5xx for a key that may.
// A key lacking the scope also goes beside a keyless line (in either order:
// the key, G36) and inside other schemes (Basic, Token, Digest: no valid key,
// the auth rule); and malformed headers holding no key (a bare scheme, bytes
// outside Latin-1, 8 KB, two keyless lines) go without a key (auth) and from
// the key that may (robustness: never a 5xx). Those forms of the key lacking
// the scope and the malformed headers are essential, sent whatever the budget.
// Reports must redact these forms too: a case-altered token is not a run of the key.
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, variantOf, type VariantOptions } from './variant-build.ts';

/** The letters of a text with their case swapped. */
const swapCase = (text: string) => [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/** Forms of the token that are no longer it, each named; a form equal to the token (no letters to case) is left out. */
export function alteredForms(token: string): [string, string][] {
  const half = Math.max(1, Math.floor(token.length / 2));
  const forms: [string, string][] = [
    ['the key upper-cased', token.toUpperCase()],
    ['the key lower-cased', token.toLowerCase()],
    ['the key with its letters swap-cased', swapCase(token)],
    ['the key without its last character', token.slice(0, -1)],
    ['the first half of the key', token.slice(0, half)],
    ['the key with a character added after it', `${token}A`],
    ['the key with a character added before it', `A${token}`],
    ['the key with a space inside it', `${token.slice(0, half)} ${token.slice(half)}`],
    ['the key twice', `${token}${token}`],
  ];
  return forms.filter(([, form]) => form !== token && form.trim() !== '');
}

/** Spellings of `Authorization: Bearer <token>` that carry the very key (G36). */
export function keySpellings(token: string): [string, string][] {
  return [
    ['the key under a lower-case "bearer"', `bearer ${token}`],
    ['the key under an upper-case "BEARER"', `BEARER ${token}`],
    ['the key after two spaces', `Bearer  ${token}`],
    ['the key after a tab', `Bearer\t${token}`],
    ['the key with spaces around the value', ` Bearer ${token} `],
  ];
}

/** Characters above U+00FF: no Latin-1 reading of the header holds them. */
const NON_LATIN1 = 'ключ-鍵-🔑';
const EIGHT_KB = 8 * 1024;
/** Tokens no deployment issues. */
const NO_KEY = ['Bearer bk_invalid_bucketkit_1', 'Bearer bk_invalid_bucketkit_2'];

/** Authorization headers that hold no key at all, each named; several lines are sent as several headers. */
function keylessHeaders(): [string, string | string[]][] {
  return [
    ['Authorization: "Bearer" without a token', 'Bearer'],
    // On the wire as HTTP/1.1 carries it: its UTF-8 bytes, one Latin-1 character each.
    ['a bearer token with characters outside Latin-1, as its UTF-8 bytes', Buffer.from(`Bearer ${NON_LATIN1}`).toString('latin1')],
    [`a bearer token of ${EIGHT_KB} bytes`, `Bearer ${'A'.repeat(EIGHT_KB)}`],
    ['two Authorization headers, neither with a key', NO_KEY],
  ];
}

/** The token beside a keyless line (the key, to a server that reads one line: G36), and inside other schemes (no valid key). */
function besideAndInside(token: string): { beside: [string, string[]][]; inside: [string, string][] } {
  return {
    beside: [
      ['two Authorization headers: no key, then the key', [NO_KEY[0], `Bearer ${token}`]],
      ['two Authorization headers: the key, then no key', [`Bearer ${token}`, NO_KEY[0]]],
    ],
    inside: [
      ['the key in Basic, as "<key>:"', `Basic ${Buffer.from(`${token}:`).toString('base64')}`],
      ['the key under the Token scheme', `Token ${token}`],
      ['the key in a Digest header', `Digest username="${token}", realm="api", nonce="0", uri="/", response="0"`],
    ],
  };
}

function credentialVariants(input: OperatorInput): Variant[] {
  const { sender } = input;
  const withHeader = (name: string, header: string | string[], options: VariantOptions = {}) =>
    variantOf(input, 'credential-form', name, (base) => ({ ...base, auth: { header } }), options);
  // A malformed header must be refused, and never with a 5xx: without a key it is judged by auth, from the key that may by robustness.
  const keyless =
    sender === 'none' || sender === 'holder'
      ? keylessHeaders().flatMap(([name, header]) => withHeader(name, header, { essential: true }))
      : [];
  if (!input.token) return distinct(keyless);
  const token = input.token();
  // An altered key shows a break only where the key itself is served: a key lacking the scope or barred from the
  // bucket is refused either way (401 or 403), so only the key that may sends them. Kept first when the budget trims:
  // the spellings only repeat the sender's plain request.
  const altered =
    sender === 'holder'
      ? alteredForms(token).flatMap(([name, form]) =>
          withHeader(name, `Bearer ${form}`, { rule: 'auth', conforming: 'refusal', preferred: true }),
        )
      : [];
  // The key lacking the scope is judged on its every form in every run: a 2xx to one is a scope break, or (no valid key) an auth break.
  const lacking = sender === 'lacking';
  const { beside, inside } = besideAndInside(token);
  return distinct([
    ...keyless,
    ...altered,
    ...keySpellings(token).flatMap(([name, header]) => withHeader(name, header, { essential: lacking })),
    ...(lacking ? beside.flatMap(([name, header]) => withHeader(name, header, { essential: true })) : []),
    ...(lacking
      ? inside.flatMap(([name, header]) => withHeader(name, header, { rule: 'auth', conforming: 'refusal', essential: true }))
      : []),
  ]);
}

export const credentialForm: Operator = {
  axis: 'credential-form',
  about:
    "Sends the sender's key in other forms: altered (case, truncation, padding, whitespace inside), in spellings that are still the key, beside a keyless line and inside other schemes; and malformed headers holding no key.",
  conformingAnswers:
    'an altered key, another scheme or a malformed header: 401 (any refusal), never a 5xx; a spelling of the key: as the key itself (refused without the scope or the bucket)',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: routeHasSender,
  variants: credentialVariants,
};
