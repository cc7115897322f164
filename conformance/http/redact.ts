// Redacts API keys by value from any text the suite writes (messages, records,
// reproduction commands, reports), in every encoding a client or server may give them.

export interface Secret {
  /** The env var that holds the token; what the redacted text shows instead. */
  env: string;
  token: string;
}

/** A text as application/x-www-form-urlencoded writes it (URLSearchParams: `~` is `%7E`, space is `+`). */
export function formEncode(text: string): string {
  return new URLSearchParams({ v: text }).toString().slice(2);
}

/**
 * The base64 characters fully determined by `text` when it starts `shift` bytes after a
 * 3-byte boundary: they appear in the base64 of any longer text holding it at that alignment.
 */
export function base64Core(text: string, shift: 0 | 1 | 2): string {
  const bytes = Buffer.from(text);
  const b64 = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
  return b64.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
}

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
  // A cut excerpt may keep only the start of a key; its first half is already too much.
  if (token.length >= 24) forms.push({ text: token.slice(0, Math.ceil(token.length / 2)), base64: false });
  for (const source of base64Sources(token)) {
    for (const shift of [0, 1, 2] as const) forms.push({ text: base64Core(source, shift), base64: true });
  }
  const seen = new Set<string>();
  return forms.filter((f) => f.text.length >= 6 && !seen.has(f.text) && seen.add(f.text)).sort((a, b) => b.text.length - a.text.length);
}

/**
 * The literal forms a token is looked for in: the token, its URL and form encodings, the
 * first half of a long token (a cut excerpt), and the base64 cores (standard and URL-safe)
 * of each at the three alignments; base64 of `Bearer <key>`, `user:<key>` or `<key>:`
 * contains one of the cores. The redactor also finds any mix of escaped and raw
 * characters of these forms, which this list does not spell out.
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
 * The regular-expression source matching any form of `token`: the token (or, when long,
 * its first half) and each base64 core, any character of which may be escaped
 * independently of the others; URL and form encodings are such mixes.
 */
export function secretPattern(token: string): string {
  const chars = (text: string) => [...text].map((c) => [c]);
  const half = Math.ceil(token.length / 2);
  const raw =
    token.length >= 24
      ? `${formPattern(chars(token.slice(0, half)), false)}(?:${formPattern(chars(token.slice(half)), false)})?`
      : formPattern(chars(token), false);
  const urlSafe = (c: string) => (c === '+' ? ['+', '-'] : c === '/' ? ['/', '_'] : [c]);
  const cores = literalForms(token)
    .filter((form) => form.base64)
    .map((form) => formPattern([...form.text].map(urlSafe), true));
  return [raw, ...cores].join('|');
}

export interface Redactor {
  (text: string): string;
  /** True when the text holds any form of any secret. */
  leaks(text: string): boolean;
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

/** Builds a redactor for the given secrets; each form is replaced by `[redacted $ENV]`. */
export function createRedactor(secrets: Secret[]): Redactor {
  const compiled = compileSecrets(secrets);
  const redact = ((text: string) =>
    compiled.reduce((out, { secret, pattern }) => out.replace(pattern, () => `[redacted $${secret.env}]`), text)) as Redactor;
  redact.leaks = (text: string) =>
    compiled.some(({ pattern }) => {
      pattern.lastIndex = 0;
      return pattern.test(text);
    });
  return redact;
}
