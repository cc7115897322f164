// Which key a request's Authorization lines carry, as the rules over every
// exchange judge it (GAPS.md G36): a form a server may legitimately read as the
// key is that key (the scope and bucketIds rules judge it), anything else is no
// valid key (the auth rule judges it). So a scope break met through an odd but
// valid spelling is named a scope break, never an auth break.
import type { AuthUsed } from './logged-exchange.ts';

/**
 * The token a line carries as a Bearer credential, or undefined for another scheme or shape. The scheme is
 * case-insensitive (RFC 9110 §11.1: `bearer`, `BEARER`); spaces or tabs after it, and around the value (§5.5,
 * field values are read without them), are layout. The token itself is compared exactly: RFC 6750 tokens are
 * case-sensitive.
 */
export function bearerTokenOf(line: string): string | undefined {
  const match = /^[ \t]*([^ \t]+)[ \t]+(.*?)[ \t]*$/.exec(line);
  return match && match[1].toLowerCase() === 'bearer' && match[2] !== '' ? match[2] : undefined;
}

/**
 * How the request authenticated, from the Authorization lines it carried and the configured tokens by key name:
 * - one line holding a key as a Bearer credential (any letter case of the scheme, any spaces or tabs): that key;
 * - several lines, exactly one of which holds a key so and the others no key at all: that key too. HTTP leaves a
 *   repeated Authorization to the recipient (RFC 9110 §5.3: it is no list field); common servers read one line
 *   (Node keeps the first), and a server that reads a keyless line and serves it is caught by the variants whose
 *   lines hold no key;
 * - anything else (no line, another scheme such as Basic or Token even with a key inside, a token that is no
 *   configured key, an empty or malformed line, lines holding different keys): no valid key.
 */
export function credentialOf(lines: string[], tokens: ReadonlyMap<string, string>): AuthUsed {
  if (lines.length === 0) return { kind: 'invalid', how: 'no Authorization header' };
  const nameOf = new Map([...tokens].map(([name, token]) => [token, name]));
  const keys = lines.map((line) => nameOf.get(bearerTokenOf(line) ?? ''));
  const held = new Set(keys.filter((k): k is string => k !== undefined));
  const tokenInside = (line: string) => [...tokens.values()].some((token) => line.includes(token));
  const othersKeyless = lines.every((line, i) => keys[i] !== undefined || !tokenInside(line));
  if (held.size === 1 && othersKeyless) return { kind: 'key', key: [...held][0] };
  if (lines.length > 1)
    return { kind: 'invalid', how: `${lines.length} Authorization headers${held.size > 1 ? ' holding different keys' : ''}` };
  return { kind: 'invalid', how: 'an Authorization header with no valid key' };
}
