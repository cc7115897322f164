// Operator: other forms of the sender's credential in the Authorization
// header. Forms that are no longer the key (its letters upper-, lower- or
// swap-cased, one character cut, half of it, one added before or after, a
// space inside, the token twice), sent with the key that may call the route
// (any other is refused whatever the form), are judged by the auth rule: a
// conforming server refuses them (401). Spellings RFC 9110 lets a server read as the key
// (the scheme in another case, two spaces or a tab after it, spaces around the
// value: G36) are that key, judged by the sender's rule: refused for a key
// lacking the scope or barred from the bucket, never a 5xx for a key that may.
// Reports must redact these forms too: a case-altered token is not a run of the key.
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

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

function credentialVariants(input: OperatorInput): Variant[] {
  if (!input.token) return [];
  const token = input.token();
  const withHeader = (name: string, header: string, altered: boolean) =>
    variantOf(
      input,
      'credential-form',
      name,
      (base) => ({ ...base, auth: { header } }),
      // Kept first when a budget trims: the spellings only repeat the sender's plain request.
      altered ? { rule: 'auth', conforming: 'refusal', essential: true } : {},
    );
  // An altered key shows a break only where the key itself is served: a key lacking the scope or barred from the
  // bucket is refused either way (401 or 403), so only the key that may sends them.
  const altered = input.sender === 'holder' ? alteredForms(token) : [];
  return distinct([
    ...altered.flatMap(([name, form]) => withHeader(name, `Bearer ${form}`, true)),
    ...keySpellings(token).flatMap(([name, header]) => withHeader(name, header, false)),
  ]);
}

export const credentialForm: Operator = {
  axis: 'credential-form',
  about:
    "Sends the sender's key in other forms: altered (case, truncation, padding, whitespace inside), and in spellings that are still the key.",
  conformingAnswers:
    'an altered key: 401 (any refusal); a spelling of the key: as the key itself (refused without the scope or the bucket)',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['lacking', 'barred', 'holder'],
  applies: (route, sender) => sender !== 'none' && (sender !== 'barred' || route.bucketScoped),
  variants: credentialVariants,
};
