// An independent key detector for the leak tests: it decodes the text (escapes of
// every kind, base64 at every alignment) and looks for the key, or for any 8 characters
// of a form of it by brute force, instead of reusing the redactor's patterns or matcher,
// so a form or a piece the redactor misses is still found.

const ESCAPE = /%([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\([^A-Za-z0-9\s])|&#(\d{1,7});|&#[xX]([0-9a-fA-F]{1,6});/g;

/** The text with every escape decoded, in rounds until nothing changes (a double encoding takes two). */
export function decodeEscapes(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    const next = current.replace(ESCAPE, (_, pct, u, x, backslashed, dec, hex) => {
      if (backslashed !== undefined) return backslashed;
      const code = parseInt(pct ?? u ?? x ?? hex ?? dec, (pct ?? u ?? x ?? hex) ? 16 : 10);
      return String.fromCodePoint(code);
    });
    if (next === current) return current;
    current = next;
  }
  return current;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{12,}/g;

/** The spellings of a key that survive decoding: itself and its form encoding (whose `+` is not an escape). */
function plainSpellings(token: string): string[] {
  return [token, new URLSearchParams({ v: token }).toString().slice(2)];
}

/**
 * How the key shows in the text ("escaped or raw", "base64 at char offset N"), or undefined.
 * Base64 runs are decoded at each of the four character offsets, and what they decode to
 * is searched again (`depth` levels), so base64 of an escaped key is found too.
 */
export function findKey(text: string, token: string, depth = 2): string | undefined {
  const decoded = decodeEscapes(text);
  if (plainSpellings(token).some((s) => decoded.includes(s))) return 'escaped or raw';
  if (depth === 0) return undefined;
  for (const source of new Set([text, decoded])) {
    for (const [run] of source.matchAll(BASE64_RUN)) {
      for (let offset = 0; offset < 4; offset++) {
        const bytes = Buffer.from(run.slice(offset), 'base64').toString('latin1');
        const inner = findKey(bytes, token, depth - 1);
        if (inner) return `base64 at char offset ${offset} (${inner})`;
      }
    }
  }
  return undefined;
}

/** The shortest run of a key form that counts as a leak. */
const RUN = 8;

/**
 * The base64 characters of `text` placed `lead` bytes into a payload that depend on `text`
 * alone: those that come out the same whether the bytes around it are all zeros or all ones
 * (a character holding any bit of the surrounding bytes differs between the two).
 */
function base64Of(text: string, lead: number): string {
  const encode = (fill: number) => Buffer.concat([Buffer.alloc(lead, fill), Buffer.from(text), Buffer.alloc(3, fill)]).toString('base64');
  const zeros = encode(0);
  const ones = encode(0xff);
  return [...zeros].filter((c, i) => c === ones[i]).join('');
}

/** Base64 forms of a named text: standard and URL-safe, at the three leads. */
function base64Forms([name, text]: [string, string]): [string, string][] {
  return [0, 1, 2].flatMap((lead): [string, string][] => {
    const b64 = base64Of(text, lead);
    return [
      [`base64 (lead ${lead}) of ${name}`, b64],
      [`base64url (lead ${lead}) of ${name}`, b64.replace(/\+/g, '-').replace(/\//g, '_')],
    ];
  });
}

/** Each form of the key by name: raw, URL, form, base64 of those (standard, URL-safe, three leads), and base64 of each base64. */
export function oracleForms(token: string): Map<string, string> {
  const sources: [string, string][] = [
    ['raw', token],
    ['URL-encoded', encodeURIComponent(token)],
    ['form-encoded', new URLSearchParams({ k: token }).toString().slice(2)],
  ];
  const once = sources.flatMap(base64Forms);
  return new Map([...sources, ...once, ...once.flatMap(base64Forms)]);
}

/** JSON string boundaries (`","`, `", "b": "`, `"\n  "`, escaped quotes too) and line breaks, raw or as `\n` escapes, with their indentation. */
export function withoutLayout(text: string): string {
  return text.replace(/\\*"\s*[,:+]?\s*(?:\\*"[^"\n]{0,64}\\*"\s*:\s*)?\\*"/g, '').replace(/[ \t]*(?:(?:\r\n|\r|\n|\\+[nrt])[ \t]*)+/g, '');
}

/** The views of a text searched: as is; without layout, JSON and HTML escapes decoded, `%xx` as `%XX`; and without layout, fully decoded. */
function views(text: string): Map<string, string> {
  const flat = withoutLayout(text);
  const unescaped = flat
    .replace(
      /\\+u([0-9a-fA-F]{4})|\\+x([0-9a-fA-F]{2})|\\+([^A-Za-z0-9\s])|&#(\d{1,7});|&#[xX]([0-9a-fA-F]{1,6});/g,
      (_, u, x, p, dec, hex) => (p !== undefined ? p : String.fromCodePoint(parseInt(u ?? x ?? hex ?? dec, dec ? 10 : 16))),
    )
    .replace(/%(?:25)*([0-9a-fA-F]{2})/g, (_, h: string) => `%${h.toUpperCase()}`);
  return new Map([
    ['as is', text],
    ['without layout', unescaped],
    ['without layout, decoded', withoutLayout(decodeEscapes(flat))],
  ]);
}

/** A run of 8 characters of a key form found in a text: whose key, which form, which view, where. Never the characters themselves. */
export interface KeyRunFound {
  key: string;
  form: string;
  view: string;
  at: number;
}

/**
 * A finder of every place where 8 consecutive characters of any form of the named keys show,
 * in any view of a text, by brute force: each 8-character window of the view is looked up
 * among the windows of every form.
 */
export function keyRunFinder(keys: Record<string, string>): (text: string) => KeyRunFound[] {
  const windows = new Map<string, { key: string; form: string }>();
  for (const [key, token] of Object.entries(keys)) {
    for (const [form, text] of oracleForms(token)) {
      for (let i = 0; i + RUN <= text.length; i++)
        if (!windows.has(text.slice(i, i + RUN))) windows.set(text.slice(i, i + RUN), { key, form });
    }
  }
  return (text) => {
    const found: KeyRunFound[] = [];
    for (const [view, shown] of views(text)) {
      for (let at = 0; at + RUN <= shown.length; at++) {
        const hit = windows.get(shown.slice(at, at + RUN));
        if (hit) found.push({ ...hit, view, at });
      }
    }
    return found;
  };
}

/** Every run of 8 characters of a form of one key in a text (see keyRunFinder). */
export function findKeyRuns(text: string, token: string): KeyRunFound[] {
  return keyRunFinder({ key: token })(text);
}
