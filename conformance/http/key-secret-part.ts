// Which characters of a key are secret: the lowercase words and separators of a structured
// key (`bk_test_<random>_readonly`) are public, so reports keep naming them.

/** Separators of a structured key; base64's `+`, `/` and `=` are not among them (they sit inside random text). */
const SEPARATOR = /[_.~-]/;

/** A public word: a few lowercase letters (a random segment almost always holds a digit or a capital). */
const WORD = /^[a-z]{1,12}$/;

/** Below this many secret characters the key is all secret: its words are then what keeps it hidden. */
const MIN_SECRET = 12;

/**
 * For each key character (UTF-16 index), 1 when it is secret. A run of a key form is redacted
 * only when it reaches a secret character. Why: the mock's and the embedded target's keys are
 * `bk_test_<random>` and `bk_test_<run>_<key name>`, and every key of a deployment tends to
 * share a fixed prefix. Redacting `bk_test_`, `readonly` or `only-files-read` wherever they
 * appear would blank the key names in check titles, ids and curl lines, and the run settings,
 * while revealing them tells a reader nothing about the key. The random part is always
 * redacted, and with it any public part it touches; a key made mostly of words is all secret.
 */
export function secretMask(token: string): Uint8Array {
  const mask = new Uint8Array(token.length).fill(1);
  let start = 0;
  for (let i = 0; i <= token.length; i++) {
    if (i < token.length && !SEPARATOR.test(token[i])) continue;
    if (WORD.test(token.slice(start, i))) mask.fill(0, start, i);
    if (i < token.length) mask[i] = 0;
    start = i + 1;
  }
  const secret = mask.reduce((sum, bit) => sum + bit, 0);
  return secret < MIN_SECRET ? mask.fill(1) : mask;
}
