// Which characters of a key are secret: the lowercase words and separators of a structured
// key (`bk_test_<random>_readonly`), runs like `0123` or `abcd`, and pieces of the names
// reports show (key names, their env vars) are not, so reports keep them. And how many of
// them a piece must show for the report scan to count it: as many as carry SCAN_LEAK_BITS.

/** Separators of a structured key; base64's `+`, `/` and `=` are not among them (they sit inside random text). */
const SEPARATOR = /[_.~-]/;

/** A public word: a few lowercase letters (a random segment almost always holds a digit or a capital). */
const WORD = /^[a-z]{1,12}$/;

/**
 * The fewest random characters (see randomMask) a key needs for its words to stay public: below this many the
 * words are what keeps the key hidden, and the redactor treats them as secret too. A configured key needs as many
 * (see weakTokenReasons).
 */
export const MIN_SECRET = 12;

/** A run this long of characters that each step by +1, -1 or 0 from the one before (`0123`, `dcba`, `xxxx`). */
const TRIVIAL_RUN = 4;

/** A name shorter than this is as likely to turn up in random text by chance, and too short to be redacted alone. */
export const MIN_NAME = 4;

/** The longest piece of a name looked for in a key: the redactor's shortest run (key-runs.ts MIN_RUN). */
const NAME_PIECE = 8;

/** Marks the trivial runs of a token (see TRIVIAL_RUN) with 0 in the mask. */
function clearTrivialRuns(token: string, mask: Uint8Array): void {
  // The current run is [from, i), its characters stepping by `step`.
  let from = 0;
  let step = NaN;
  for (let i = 1; i <= token.length; i++) {
    const next = i < token.length ? token.charCodeAt(i) - token.charCodeAt(i - 1) : NaN;
    if (i - from >= 2 && next === step) continue;
    if (i - from >= TRIVIAL_RUN) mask.fill(0, from, i);
    [from, step] = Math.abs(next) <= 1 ? [i - 1, next] : [i, NaN];
  }
}

/**
 * Where a token holds a piece of a public name, in any letter case: the whole name (of MIN_NAME characters or
 * more), or any NAME_PIECE characters in a row of a longer one. [start, end) pairs, in UTF-16 indexes.
 */
export function namePieces(token: string, names: readonly string[]): [number, number][] {
  const lower = token.toLowerCase();
  const pieces: [number, number][] = [];
  for (const name of new Set(names.map((n) => n.toLowerCase()))) {
    if (name.length < MIN_NAME) continue;
    const size = Math.min(name.length, NAME_PIECE);
    for (let i = 0; i + size <= name.length; i++) {
      const piece = name.slice(i, i + size);
      for (let at = lower.indexOf(piece); at >= 0; at = lower.indexOf(piece, at + 1)) pieces.push([at, at + size]);
    }
  }
  return pieces;
}

/** Marks pieces of public names with 0, and the separators right beside them (`-restricted-` is how a report shows a name). */
function clearNamePieces(token: string, names: readonly string[], mask: Uint8Array): void {
  for (const [start, end] of namePieces(token, names)) {
    mask.fill(0, start, end);
    if (start > 0 && SEPARATOR.test(token[start - 1])) mask[start - 1] = 0;
    if (end < token.length && SEPARATOR.test(token[end])) mask[end] = 0;
  }
}

/**
 * For each key character (UTF-16 index), 1 when it is random: not a separator (`_ . ~ -`), not in a word (a
 * segment between separators of 1 to 12 lowercase letters), not in an ordered run of 4 or more (`0123`, `dcba`,
 * `xxxx`), not in a piece of a public name (see namePieces).
 */
export function randomMask(token: string, names: readonly string[] = []): Uint8Array {
  const mask = new Uint8Array(token.length).fill(1);
  clearTrivialRuns(token, mask);
  let start = 0;
  for (let i = 0; i <= token.length; i++) {
    if (i < token.length && !SEPARATOR.test(token[i])) continue;
    if (WORD.test(token.slice(start, i))) mask.fill(0, start, i);
    if (i < token.length) mask[i] = 0;
    start = i + 1;
  }
  clearNamePieces(token, names, mask);
  return mask;
}

/** How many characters of a token are random (see randomMask). */
export function randomCount(token: string, names: readonly string[] = []): number {
  return randomMask(token, names).reduce((sum, bit) => sum + bit, 0);
}

/**
 * For each key character (UTF-16 index), 1 when it is secret. A run of a key form is redacted
 * only when it reaches a secret character. Why: the mock's and the embedded target's keys are
 * `bk_test_<random>` and `bk_test_<run>_<key name>`, and a deployment's keys tend to share a
 * fixed prefix. Redacting `bk_test_`, `readonly` or `only-files-read` wherever they appear
 * would blank the key names in check titles, ids, curl lines and the run settings, while
 * showing them tells a reader nothing about the key; the same goes for `0123456789` or
 * `ABCDEFGH` in a hand-made test key, which ordinary text (the HTML report's own code holds
 * an ASCII table) is full of. The random part is always redacted, and with it any public part
 * it touches; in a key with fewer than MIN_SECRET random characters the words are secret too.
 * Pieces of `names` (the run's key names and env vars) are never secret: a name is no key,
 * whatever token holds it.
 */
export function secretMask(token: string, names: readonly string[] = []): Uint8Array {
  const random = randomMask(token, names);
  if (random.reduce((sum, bit) => sum + bit, 0) >= MIN_SECRET) return random;
  const mask = new Uint8Array(token.length).fill(1);
  clearTrivialRuns(token, mask);
  clearNamePieces(token, names, mask);
  return mask;
}

/**
 * The bits of a key's secret a piece must show for the scan of a finished report to count it as a leak (or all
 * of the secret, when a key has less): as many as 8 characters of a base62 key carry (47.6). Fewer turn up by
 * chance: 8 characters of a hex key are 32 bits, and a report of some 10^7 characters of hex ids, signatures and
 * hashes holds one of a run's 19 hex keys' 8-character windows about once in a few runs. The redactor, which
 * runs before anything is written, keeps redacting every run of 8 characters that reaches the secret.
 */
export const SCAN_LEAK_BITS = 47;

/**
 * The bits one secret character of a token carries: log2 of the alphabet its secret characters are drawn from,
 * judged by the classes they show (digits; hex letters alone, or any letters, of each case; any other character).
 */
export function bitsPerSecretChar(token: string, mask: Uint8Array): number {
  const secret = token.split('').filter((_, i) => mask[i] === 1);
  const has = (pattern: RegExp) => secret.some((c) => pattern.test(c));
  // A case's letters: all 26 as soon as one beyond `f` shows, else the six hex letters when any shows.
  const letters = (beyondHex: RegExp, hex: RegExp) => (has(beyondHex) ? 26 : has(hex) ? 6 : 0);
  const others = new Set(secret.filter((c) => !/[0-9A-Za-z]/.test(c))).size;
  const size = (has(/[0-9]/) ? 10 : 0) + letters(/[g-z]/, /[a-f]/) + letters(/[G-Z]/, /[A-F]/) + others;
  return Math.log2(Math.max(2, size));
}

/**
 * The fewest secret characters of a token a piece must depend on to carry `bits` of its secret, or all of them
 * when the token has fewer (1 at least).
 */
export function secretCharsFor(bits: number, token: string, mask: Uint8Array): number {
  const total = mask.reduce((sum, bit) => sum + bit, 0);
  return Math.max(1, Math.min(total, Math.ceil(bits / bitsPerSecretChar(token, mask))));
}
