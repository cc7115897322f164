// Test keys made of every RFC 6750 b64token character, and every encoding of a key
// that a client or a server may produce, each made by a real encoder.

/** Keys that together use every b64token character (`A-Za-z0-9-._~+/` and trailing `=`). */
export const TEST_KEYS = {
  tilde: 'bk~Tilde~Key~0123456789',
  padded: 'Zm9v+/YmFy+/QUJDREVGR0hJ+/==',
  dotted: 'bk-dotted.key_with-dots.and_under-scores',
  every: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=',
} as const;

/** Every byte of the text's UTF-8 as `%XX`, in upper or lower hex. */
export function percentEveryByte(text: string, hex: 'upper' | 'lower'): string {
  const out = [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  return hex === 'upper' ? out.toUpperCase() : out;
}

/** Every character as an HTML/XML numeric character reference, decimal or hex. */
export function characterReferences(text: string, base: 'decimal' | 'hex'): string {
  return [...text].map((c) => (base === 'decimal' ? `&#${c.codePointAt(0)};` : `&#x${c.codePointAt(0)!.toString(16)};`)).join('');
}

/** Every character as a `\xXX` escape (C, Python and JavaScript string literals). */
export function hexEscapes(text: string): string {
  return [...Buffer.from(text)].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
}

/** JSON text of a value with every character `pick` chooses written as a `\uXXXX` escape. */
export function jsonWithUnicodeEscapes(value: unknown, pick: (char: string, index: number) => boolean, hex: 'upper' | 'lower'): string {
  let index = 0;
  return JSON.stringify(value).replace(/[^"\\]/g, (char) => {
    if (!pick(char, index++)) return char;
    const code = char.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${hex === 'upper' ? code.toUpperCase() : code}`;
  });
}

/** JSON text with `/` escaped as `\/` (as PHP and some Java encoders write it). */
export function jsonWithEscapedSlashes(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

/** Every second `\/` of a JSON text written as `\u002f` instead. */
function alternateSlashEscapes(json: string): string {
  let n = 0;
  return json.replace(/\\\//g, (escape) => (n++ % 2 ? '\\u002f' : escape));
}

/** The standard and URL-safe base64 (padded and unpadded) of `text` placed after `lead` bytes, inside a longer payload. */
export function base64Inside(text: string, lead: number): { name: string; text: string }[] {
  const payload = Buffer.from(`${'x'.repeat(lead)}${text}|tail of a longer payload`);
  const b64 = payload.toString('base64');
  const url = payload.toString('base64url');
  return [
    { name: `base64 at offset ${lead}`, text: b64 },
    { name: `base64 without padding at offset ${lead}`, text: b64.replace(/=+$/, '') },
    { name: `base64url at offset ${lead}`, text: url },
  ];
}

/** The base64 of the whole text, padded and not, standard and URL-safe. */
function base64Whole(label: string, text: string): { name: string; text: string }[] {
  const b64 = Buffer.from(text).toString('base64');
  return [
    { name: `base64 of ${label}`, text: b64 },
    { name: `base64 of ${label}, unpadded`, text: b64.replace(/=+$/, '') },
    { name: `base64url of ${label}`, text: Buffer.from(text).toString('base64url') },
  ];
}

/** Every encoding of a key the redactor must catch, each made by a real encoder. */
export function encodedForms(token: string): { name: string; text: string }[] {
  const form = new URLSearchParams({ access_token: token }).toString();
  const json = { detail: `bad key ${token}`, authorization: `Bearer ${token}` };
  return [
    { name: 'raw', text: token },
    { name: 'encodeURIComponent', text: encodeURIComponent(token) },
    { name: 'URLSearchParams form encoding', text: form },
    { name: 'URL searchParams.set', text: withQueryKey('http://127.0.0.1/x', token) },
    { name: 'lowercase %xx of encodeURIComponent', text: encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()) },
    { name: 'encodeURIComponent twice', text: encodeURIComponent(encodeURIComponent(token)) },
    { name: 'every byte %XX', text: percentEveryByte(token, 'upper') },
    { name: 'every byte %xx', text: percentEveryByte(token, 'lower') },
    { name: 'JSON, every character \\uXXXX', text: jsonWithUnicodeEscapes(json, () => true, 'upper') },
    { name: 'JSON, every character \\uxxxx', text: jsonWithUnicodeEscapes(json, () => true, 'lower') },
    { name: 'JSON, punctuation \\u-escaped', text: jsonWithUnicodeEscapes(json, (c) => !/[A-Za-z0-9]/.test(c), 'upper') },
    { name: 'JSON, every other character \\u-escaped', text: jsonWithUnicodeEscapes(json, (_, i) => i % 2 === 0, 'lower') },
    { name: 'JSON with \\/', text: jsonWithEscapedSlashes(json) },
    { name: 'JSON with \\/ and \\u002f mixed', text: alternateSlashEscapes(jsonWithEscapedSlashes(json)) },
    { name: 'HTML decimal character references', text: characterReferences(token, 'decimal') },
    { name: 'HTML hex character references', text: characterReferences(token, 'hex') },
    { name: 'every byte \\xXX', text: hexEscapes(token) },
    ...base64Whole('the key', token),
    ...base64Whole('"Bearer <key>"', `Bearer ${token}`),
    ...base64Whole('"user:<key>"', `user:${token}`),
    ...base64Whole('"<key>:"', `${token}:`),
    ...[0, 1, 2].flatMap((lead) => base64Inside(token, lead)),
    ...[0, 1, 2].flatMap((lead) => base64Inside(form, lead)),
  ];
}

/** A URL with the key set as `?access_token=`, as the suite's client does it. */
export function withQueryKey(base: string, token: string, name = 'access_token'): string {
  const url = new URL(base);
  url.searchParams.set(name, token);
  return url.toString();
}
