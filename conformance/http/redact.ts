// Redacts API keys by value from any text the suite writes (messages, records,
// reproduction commands, reports), in every encoding a client or server may give them,
// whole or in pieces of 8 or more characters.
import { createFragmentMatcher } from './key-fragments.ts';
import { base64Core, formEncode } from './key-forms.ts';

export interface Secret {
  /** The env var that holds the token; what the redacted text shows instead. */
  env: string;
  token: string;
  /** The key's name in the config. Names and env vars are never secret: no piece of one is redacted or found. */
  name?: string;
}

/** What reports show to name keys: every key's name and env var. */
export function publicNames(secrets: Secret[]): string[] {
  return [...new Set(secrets.flatMap((s) => [s.env, ...(s.name ? [s.name] : [])]))];
}

export { base64Core, formEncode };

/** The forms whose base64 is looked for: the key as sent in a header and as sent in a query string. */
function base64Sources(token: string): string[] {
  return [...new Set([token, encodeURIComponent(token), formEncode(token)])];
}

interface LiteralForm {
  text: string;
  /** A standard base64 core: `+` and `/` may also be URL-safe `-` and `_`. */
  base64: boolean;
}

function literalForms(token: string): LiteralForm[] {
  const forms: LiteralForm[] = [token, encodeURIComponent(token), formEncode(token)].map((text) => ({ text, base64: false }));
  for (const source of base64Sources(token)) {
    for (const shift of [0, 1, 2] as const) forms.push({ text: base64Core(source, shift), base64: true });
  }
  const seen = new Set<string>();
  return forms.filter((f) => f.text.length >= 6 && !seen.has(f.text) && seen.add(f.text)).sort((a, b) => b.text.length - a.text.length);
}

/**
 * The literal forms a whole token is looked for in: the token, its URL and form encodings,
 * and the base64 cores (standard and URL-safe) of each at the three alignments; base64 of
 * `Bearer <key>`, `user:<key>` or `<key>:` contains one of the cores. The redactor also
 * finds any mix of escaped and raw characters of these forms, and any run of 8 or more
 * characters of them (see keyForms), which this list does not spell out.
 */
export function secretForms(token: string): string[] {
  const forms = literalForms(token).flatMap((f) => (f.base64 ? [f.text, f.text.replace(/\+/g, '-').replace(/\//g, '_')] : [f.text]));
  return [...new Set(forms)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A hex number matched in either case (`7e` as `7[eE]`). */
function anyCaseHex(code: number, width: number): string {
  return [...code.toString(16).padStart(width, '0')].map((h) => (/[a-f]/.test(h) ? `[${h}${h.toUpperCase()}]` : h)).join('');
}

/** `%`, also percent-encoded again any number of times (`%25`, `%2525`). */
const PERCENT = '%(?:25)*';

/** A character, raw or percent-encoded: escape syntax (a backslash, `&#;`) or an escaped character, inside a URL. */
function syntax(char: string): string {
  return `(?:${escapeRegExp(char)}|${PERCENT}${anyCaseHex(char.charCodeAt(0), 2)})`;
}

/** One backslash or more: JSON inside a JSON string doubles each escape's backslash. */
const BACKSLASH = `${syntax('\\')}+`;

/**
 * Every way one character can be written: raw; backslash-escaped (JSON's `\/`); `%XX` in
 * either case, also encoded again (`%25XX`); `\uXXXX` and `\xXX` escapes; HTML/XML
 * character references (`&#126;`, `&#x7e;`). `rawOnly` keeps letters and digits raw
 * (base64 text escapes only its punctuation).
 */
function charAlternatives(char: string, rawOnly: boolean): string[] {
  const alnum = /[A-Za-z0-9]/.test(char);
  if (alnum && rawOnly) return [char];
  const code = char.codePointAt(0) ?? 0;
  const reference = `${syntax('&')}${syntax('#')}(?:0*${code}|[xX]0*${anyCaseHex(code, 2)})${syntax(';')}`;
  if (code > 0x7f) {
    const percent = encodeURIComponent(char).replace(/%([0-9A-F]{2})/g, (_, h: string) => `${PERCENT}${anyCaseHex(parseInt(h, 16), 2)}`);
    const units = Array.from({ length: char.length }, (_, i) => `${BACKSLASH}u${anyCaseHex(char.charCodeAt(i), 4)}`).join('');
    return [escapeRegExp(char), percent, units, reference];
  }
  const hex = anyCaseHex(code, 2);
  const alternatives = [escapeRegExp(char), `${PERCENT}${hex}`, `${BACKSLASH}(?:u00|x)${hex}`, reference];
  if (!alnum) alternatives.push(`${BACKSLASH}${syntax(char)}`);
  // Form encoding writes a space as "+".
  if (char === ' ') alternatives.push('\\+');
  return alternatives;
}

/** A pattern for a literal form in which each character may be written in any of its ways. */
function formPattern(positions: string[][], rawAlnum: boolean): string {
  return positions
    .map((chars) => {
      const alternatives = chars.flatMap((c) => charAlternatives(c, rawAlnum));
      return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
    })
    .join('');
}

/**
 * The regular-expression source matching any whole form of `token`: the token and each
 * base64 core, any character of which may be escaped independently of the others; URL and
 * form encodings are such mixes. Parts of a key are the run matcher's (key-runs.ts): a
 * pattern for a long key's first half here would also take the shared start of another
 * key (`bk_test_<run>_full` and `bk_test_<run>_readonly`) and name the wrong one.
 */
export function secretPattern(token: string): string {
  const raw = formPattern(
    [...token].map((c) => [c]),
    false,
  );
  const urlSafe = (c: string) => (c === '+' ? ['+', '-'] : c === '/' ? ['/', '_'] : [c]);
  const cores = literalForms(token)
    .filter((form) => form.base64)
    .map((form) => formPattern([...form.text].map(urlSafe), true));
  return [raw, ...cores].join('|');
}

export interface Redactor {
  (text: string): string;
  /** True when the text holds any form of any secret, or a run of 8 or more characters of one. */
  leaks(text: string): boolean;
  /** Redacts a value learned during the run from now on (a credential the deployment handed out); see credential-redactor.ts. */
  add?(secret: Secret): void;
}

/** One compiled pattern per key, longer keys first (a key that starts another must not cut the longer one's match). */
export function compileSecrets(secrets: Secret[]): { secret: Secret; pattern: RegExp }[] {
  // One expression per key: one for all keys grows past V8's 20 KB optimisation limit and ran 50 times slower.
  // The same token under two names (the self-test's targets share their keys) needs one pattern, not two.
  const unique = [...new Map(secrets.map((s) => [s.token, s])).values()];
  return unique
    .sort((a, b) => b.token.length - a.token.length)
    .map((secret) => ({ secret, pattern: new RegExp(secretPattern(secret.token), 'g') }));
}

/** The longest text whose redaction is kept for reuse, and the characters kept in all (then the memo starts again). */
const MEMO_TEXT_LIMIT = 1 << 16;
const MEMO_CHAR_LIMIT = 1 << 24;

const marker = (secret: Secret) => `[redacted $${secret.env}]`;

/** The two passes: whole forms with any mix of escapes (patterns), then runs of 8+ characters of a form, wherever they are cut. */
function compileAll(secrets: Secret[], leakBits = 0) {
  const compiled = compileSecrets(secrets);
  const unique = compiled.map((c) => c.secret);
  const fragments = createFragmentMatcher(
    unique.map((s) => s.token),
    (key) => marker(unique[key]),
    publicNames(secrets),
    leakBits,
  );
  return { compiled, unique, fragments };
}

/**
 * Builds a redactor for the given secrets: each form of a key (see secretForms, in any mix
 * of escaped and raw characters), and each run of 8 or more characters of the key, its URL
 * or form encoding, its base64 (standard or URL-safe, any alignment) or the base64 of that,
 * even when cut by line breaks, `\n` escapes or JSON string boundaries, is replaced by
 * `[redacted $ENV]`. The keys' names and env vars are left as they are, wherever they show.
 */
export function createRedactor(secrets: Secret[]): Redactor {
  const all = compileAll(secrets);
  const { compiled, fragments } = all;
  // A whole key in another letter case (a request variant sends it so): found whatever the case.
  const anyCase = compiled.map(({ secret }) => ({ secret, pattern: new RegExp(escapeRegExp(secret.token), 'gi') }));
  const passes = [...compiled, ...anyCase];
  const redactOnce = (text: string) =>
    fragments.redact(passes.reduce((out, { secret, pattern }) => out.replace(pattern, () => marker(secret)), text));
  // A run writes the same texts again and again (a request line in its record, its curl line and its messages; the
  // same refusal body): about one text in nine is new. The secrets never change, so a text's redaction is reused.
  const memo = new Map<string, string>();
  let memoChars = 0;
  const redact = ((text: string) => {
    const known = memo.get(text);
    if (known !== undefined) return known;
    const out = redactOnce(text);
    if (text.length <= MEMO_TEXT_LIMIT) {
      if (memoChars > MEMO_CHAR_LIMIT) {
        memo.clear();
        memoChars = 0;
      }
      memo.set(text, out);
      memoChars += text.length + out.length;
    }
    return out;
  }) as Redactor;
  const find = keyFinder(all);
  redact.leaks = (text: string) => find(text).length > 0;
  return redact;
}

/**
 * A finder of the secrets a text holds, by the redactor's rules (a form, or a run of 8 or more characters of one);
 * with `leakBits`, only runs carrying that many bits of a key's secret count (see createRunFinder).
 */
export function createKeyFinder(secrets: Secret[], leakBits = 0): (text: string) => Secret[] {
  return keyFinder(compileAll(secrets, leakBits));
}

function keyFinder({ compiled, unique, fragments }: ReturnType<typeof compileAll>): (text: string) => Secret[] {
  const lowered = compiled.map(({ secret }) => ({ secret, token: secret.token.toLowerCase() }));
  return (text) => {
    const found = new Set(
      compiled
        .filter(({ pattern }) => {
          pattern.lastIndex = 0;
          return pattern.test(text);
        })
        .map(({ secret }) => secret),
    );
    // A whole key in another letter case is a leak too.
    const lower = text.toLowerCase();
    for (const { secret, token } of lowered) if (lower.includes(token)) found.add(secret);
    for (const key of fragments.keysIn(text)) found.add(unique[key]);
    return [...found];
  };
}
