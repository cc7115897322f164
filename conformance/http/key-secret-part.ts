// Which characters of a key are secret: the lowercase words and separators of a structured
// key (`bk_test_<random>_readonly`) and runs like `0123` or `abcd` are not, so reports keep them.

/** Separators of a structured key; base64's `+`, `/` and `=` are not among them (they sit inside random text). */
const SEPARATOR = /[_.~-]/;

/** A public word: a few lowercase letters (a random segment almost always holds a digit or a capital). */
const WORD = /^[a-z]{1,12}$/;

/** Below this many other characters the words are what keeps the key hidden: they are secret too. */
const MIN_SECRET = 12;

/** A run this long of characters that each step by +1, -1 or 0 from the one before (`0123`, `dcba`, `xxxx`). */
const TRIVIAL_RUN = 4;

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
 * For each key character (UTF-16 index), 1 when it is secret. A run of a key form is redacted
 * only when it reaches a secret character. Why: the mock's and the embedded target's keys are
 * `bk_test_<random>` and `bk_test_<run>_<key name>`, and a deployment's keys tend to share a
 * fixed prefix. Redacting `bk_test_`, `readonly` or `only-files-read` wherever they appear
 * would blank the key names in check titles, ids, curl lines and the run settings, while
 * showing them tells a reader nothing about the key; the same goes for `0123456789` or
 * `ABCDEFGH` in a hand-made test key, which ordinary text (the HTML report's own code holds
 * an ASCII table) is full of. The random part is always redacted, and with it any public part
 * it touches; in a key with fewer than 12 other characters the words are secret too.
 */
export function secretMask(token: string): Uint8Array {
  const mask = new Uint8Array(token.length).fill(1);
  clearTrivialRuns(token, mask);
  const words = new Uint8Array(mask);
  let start = 0;
  for (let i = 0; i <= token.length; i++) {
    if (i < token.length && !SEPARATOR.test(token[i])) continue;
    if (WORD.test(token.slice(start, i))) words.fill(0, start, i);
    if (i < token.length) words[i] = 0;
    start = i + 1;
  }
  const secret = words.reduce((sum, bit) => sum + bit, 0);
  return secret < MIN_SECRET ? mask : words;
}
