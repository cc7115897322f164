// Refuses, before anything is sent, a key whose token the reports cannot be kept
// free of safely: one with too few random characters, or one holding a name the
// reports show (a key's name, an env var's). Either would make the redactor blank
// key names across every report, or leave the token guessable from them.
import { MIN_SECRET, namePieces, randomCount } from '../http/key-secret-part.ts';

/** A configured key with its token, as resolveTokens gives it. */
export interface KeyToken {
  name: string;
  /** The env var the token is read from (what reports name the key by). */
  env: string;
  token: string;
}

/** The names the reports show, each with how a message calls it: every key's name first, then every env var. */
function shownNames(owner: KeyToken, keys: KeyToken[]): { text: string; what: string }[] {
  const whose = (key: KeyToken, own: string, other: string) => (key === owner ? own : `${other} of key "${key.name}"`);
  return [
    ...keys.map((key) => ({ text: key.name, what: whose(key, "the key's own name", 'the name') })),
    ...keys.map((key) => ({ text: key.env, what: whose(key, 'its env var name', 'the env var name') })),
  ];
}

/**
 * What the token holds of each name, as a phrase: `"restricted" (the key's own name)`. A name found only where
 * an earlier one was (BUCKETKIT_KEY_RESTRICTED where "restricted" is) is not named again.
 */
function heldNames(owner: KeyToken, keys: KeyToken[]): string[] {
  const covered = new Uint8Array(owner.token.length);
  return shownNames(owner, keys).flatMap(({ text, what }) => {
    const pieces = namePieces(owner.token, [text]);
    const fresh = pieces.some(([start, end]) => covered.subarray(start, end).includes(0));
    for (const [start, end] of pieces) covered.fill(1, start, end);
    if (!fresh) return [];
    // Say which part without quoting the token: the whole name, or (for a long one) 8 characters in a row of it.
    const whole = owner.token.toLowerCase().includes(text.toLowerCase());
    return [whole ? `"${text}" (${what})` : `8 characters in a row of "${text}" (${what})`];
  });
}

/** One reason a token is too guessable: it holds a name, or too few random characters. */
export interface WeakTokenReason {
  kind: 'name' | 'random';
  text: string;
}

/**
 * Why a key's token is too guessable to redact safely; none when it is fine. Random characters are those that
 * are not separators (`_ . ~ -`), not in a lowercase word of up to 12 letters between separators, not in an
 * ordered run of 4 or more (`0123`, `fedcba`, `xxxx`) and not in a piece of a name the reports show (any key's
 * name or env var, of MIN_NAME characters or more: the whole name, or 8 characters in a row of it, in any letter
 * case); a token needs MIN_SECRET of them. The reason is the redactor's (key-secret-part.ts): below that many it
 * must redact the words too, key names with them; and a name inside a token is no secret.
 */
export function weakTokenReasons(key: KeyToken, keys: KeyToken[]): WeakTokenReason[] {
  const reasons: WeakTokenReason[] = heldNames(key, keys).map((held) => ({ kind: 'name', text: `it holds ${held}` }));
  const random = randomCount(
    key.token,
    keys.flatMap((k) => [k.name, k.env]),
  );
  if (random < MIN_SECRET)
    reasons.push({
      kind: 'random',
      text: `only ${random} of its ${key.token.length} characters are random (${MIN_SECRET} are needed; separators _ . ~ -, lowercase words of up to 12 letters, ordered runs such as 0123 or fedcba, and key or env var names do not count)`,
    });
  return reasons;
}

/** The fix for a weak token's reasons: a new token when it has too few random characters (renaming alone cannot help). */
function fixOf(reasons: WeakTokenReason[]): string {
  const clean = 'no key name or env var name may be part of a token';
  if (reasons.some((r) => r.kind === 'random'))
    return `use a longer random token (${MIN_SECRET} random characters or more, as a service mints them; ${clean})`;
  return `rename the key in the config, or use another token (${clean})`;
}

/** The config error for the weak tokens among `keys` (naming each key, why and the fix), or undefined when all are fine. */
export function weakTokensMessage(keys: KeyToken[]): string | undefined {
  const lines = keys.flatMap((key) => {
    const reasons = weakTokenReasons(key, keys);
    if (reasons.length === 0) return [];
    return [`  - key "${key.name}" ($${key.env}): ${reasons.map((r) => r.text).join('; ')}. Fix: ${fixOf(reasons)}.`];
  });
  if (lines.length === 0) return undefined;
  return [
    `${lines.length === 1 ? 'A key token is' : `${lines.length} key tokens are`} too guessable to be redacted from the reports safely; nothing was sent:`,
    ...lines,
  ].join('\n');
}
