// Traffic: malformed and odd Authorization headers on every route, each on a
// real target with the route's valid body. Without any valid key: a bare
// scheme, a non-Latin-1 token (sent as its UTF-8 bytes), an 8 KB token, two
// headers neither holding a key; the auth rule judges them. With the token of a
// key lacking the route's scope: spellings a server may read as that very key
// (the scheme in lowercase or uppercase, two spaces or a tab before the token,
// beside a keyless header in either order), which the scope rule judges as that
// key; and forms that carry no valid key (Basic, Token, Digest), which the auth
// rule judges (GAPS.md G36, oracles/credential-forms.ts). Any 2xx breaks the
// rule of its form, and none may be answered with a 5xx.
import type { GeneratorContext } from '../plan/generator-context.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { TrafficTask } from './traffic-types.ts';
import { variantTask, type Variant } from './variant-calls.ts';

/** The variant sending these Authorization lines (several: one header line each). */
const withHeader = (variant: string, header: string | string[]): Variant => ({ variant, shape: (base) => ({ ...base, auth: { header } }) });

// Characters above U+00FF: no Latin-1 reading of the header holds them.
const NON_LATIN1 = 'ключ-鍵-🔑';
const EIGHT_KB = 8 * 1024;

/** Headers that carry no key at all. */
function keyless(ctx: CheckRun): Variant[] {
  const invalid = () => `Bearer bk_invalid_${ctx.unique()}`;
  return [
    withHeader('Authorization: "Bearer" without a token', 'Bearer'),
    withHeader('a bearer token with characters outside Latin-1, as UTF-8 bytes', `Bearer ${NON_LATIN1}`),
    withHeader(`a bearer token of ${EIGHT_KB} bytes`, `Bearer ${'A'.repeat(EIGHT_KB)}`),
    withHeader('two Authorization headers, neither with a key', [invalid(), invalid()]),
  ];
}

/** Headers that carry the token of a key lacking the route's scope: spellings of that key, and forms of no valid key. */
function lackingKey(ctx: CheckRun): Variant[] {
  const token = ctx.api.token(ctx.keys.key[0]);
  const invalid = `Bearer bk_invalid_${ctx.unique()}`;
  return [
    // The same key, in spellings RFC 9110 lets a server read as it (a case-insensitive scheme; whitespace as layout).
    withHeader('the key lacking the scope under a lowercase "bearer"', `bearer ${token}`),
    withHeader('the key lacking the scope under an uppercase "BEARER"', `BEARER ${token}`),
    withHeader('the key lacking the scope after two spaces', `Bearer  ${token}`),
    withHeader('the key lacking the scope after a tab', `Bearer\t${token}`),
    withHeader('two Authorization headers: no key, then a key lacking the scope', [invalid, `Bearer ${token}`]),
    withHeader('two Authorization headers: a key lacking the scope, then no key', [`Bearer ${token}`, invalid]),
    // No valid key: another scheme, whatever it holds.
    withHeader('the key lacking the scope in Basic, as "<key>:"', `Basic ${Buffer.from(`${token}:`).toString('base64')}`),
    withHeader('the key lacking the scope under the Token scheme', `Token ${token}`),
    withHeader('the key lacking the scope in a Digest header', `Digest username="${token}", realm="api", nonce="0", uri="/", response="0"`),
  ];
}

/** Two tasks per route: the keyless headers, and those carrying a key lacking the scope. */
export function oddAuthorizationTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.flatMap((route) => [
    // A malformed header must be refused, and never with a 5xx.
    variantTask(route, g, 'none', 'malformed Authorization headers', keyless, ['auth', 'robustness']),
    // Some of these forms are the key to a server (G36): the scope rule judges those, the auth rule the others.
    variantTask(route, g, 'lacking', 'odd Authorization headers', lackingKey, ['auth', 'scope']),
  ]);
}
