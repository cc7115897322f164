// Traffic: malformed and odd Authorization headers on every route, each on a
// real target with the route's valid body. Without any valid key: a bare
// scheme, a non-Latin-1 token (sent as its UTF-8 bytes), an 8 KB token, two
// headers neither holding a key. With the token of a key lacking the route's
// scope: beside an invalid header (either order), in other schemes (Basic,
// Token, Digest) and under a lowercase "bearer". Every such request counts as
// carrying no valid key, and the key inside lacks the scope anyway: any 2xx
// breaks a rule (auth or scope), and none may be answered with a 5xx.
import type { GeneratorContext } from '../checks/generator-context.ts';
import type { CheckRun } from '../plan/check-types.ts';
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

/** Headers that carry the token of a key lacking the route's scope, never as exactly "Bearer <token>" alone. */
function lackingKey(ctx: CheckRun): Variant[] {
  const token = ctx.api.token(ctx.keys.key[0]);
  const invalid = `Bearer bk_invalid_${ctx.unique()}`;
  return [
    withHeader('two Authorization headers: no key, then a key lacking the scope', [invalid, `Bearer ${token}`]),
    withHeader('two Authorization headers: a key lacking the scope, then no key', [`Bearer ${token}`, invalid]),
    withHeader('the key lacking the scope in Basic, as "<key>:"', `Basic ${Buffer.from(`${token}:`).toString('base64')}`),
    withHeader('the key lacking the scope under the Token scheme', `Token ${token}`),
    withHeader('the key lacking the scope in a Digest header', `Digest username="${token}", realm="api", nonce="0", uri="/", response="0"`),
    withHeader('the key lacking the scope under a lowercase "bearer"', `bearer ${token}`),
  ];
}

/** Two tasks per route: the keyless headers, and those carrying a key lacking the scope. */
export function oddAuthorizationTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.flatMap((route) => [
    variantTask(route, g, 'none', 'malformed Authorization headers', keyless),
    variantTask(route, g, 'lacking', 'odd Authorization headers', lackingKey),
  ]);
}
