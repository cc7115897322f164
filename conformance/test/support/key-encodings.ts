// Test keys made of every RFC 6750 b64token character, and every encoding of a key
// that a client or a server may produce, each made by a real encoder.

/**
 * Keys that together use every b64token character (`A-Za-z0-9-._~+/` and trailing `=`), in a
 * random-looking order: a key holding `0123456789` or the alphabet in order would match the
 * ASCII tables of ordinary text, which the redactor leaves alone (see key-secret-part.ts).
 * Each has 12 random characters or more, as a configured key must (config/token-strength.ts).
 */
export const TEST_KEYS = {
  tilde: 'bk~Tilde~Key~7305916248',
  padded: 'Zm9v+/YmFy+/QUJDREVGR0hJ+/==',
  dotted: 'bk-dotted.K3y_w1th-d0ts.and_Und3r-sc0res',
  every: '5ySjV7akUOBP2pf-lW3zEqhtDGsKTY/_gI6Mmx1ei0+RHrLcnJ8oCN9dFbw4~uX.QvZA=',
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

/** Every other character of a JSON string's content as a `\\uXXXX` escape (the content of a b64token key needs no other escape). */
function everyOtherEscaped(text: string): string {
  return [...text].map((c, i) => (i % 2 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
}

/** A text cut every `size` characters. */
function chunks(text: string, size: number): string[] {
  return Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
}

/** Base64 wrapped at 76 columns with CRLF, as MIME writes it. */
export function mimeBase64(text: string): string {
  return Buffer.from(text)
    .toString('base64')
    .replace(/.{76}(?=.)/g, '$&\r\n');
}

/**
 * The key's base64 inside MIME-wrapped base64, placed so that a line break falls 1 to 6
 * characters into it: the piece before the break is too short to be found alone.
 */
function mimeForms(token: string): { name: string; text: string }[] {
  return [52, 53, 54, 55, 56].map((lead) => ({
    name: `base64 wrapped at 76 columns, key at byte ${lead}`,
    text: mimeBase64(`${'-'.repeat(lead - 7)}Bearer ${token}; a longer payload after the key`),
  }));
}

/** Base64 of the base64 of `Bearer <key>` at the three leads, standard and URL-safe, and wrapped as MIME. */
function nestedBase64Forms(token: string): { name: string; text: string }[] {
  return [0, 1, 2].flatMap((lead) => {
    const inner = Buffer.from(`${'x'.repeat(lead)}Bearer ${token}`).toString('base64');
    return [
      { name: `base64 of base64, lead ${lead}`, text: Buffer.from(inner).toString('base64') },
      {
        name: `base64url of base64url, lead ${lead}`,
        text: Buffer.from(inner.replace(/\+/g, '-').replace(/\//g, '_')).toString('base64url'),
      },
      { name: `base64 of base64, lead ${lead}, wrapped at 76 columns`, text: mimeBase64(`${'y'.repeat(lead)}${inner}`) },
    ];
  });
}

/**
 * A key cut, wrapped or nested where a server might do it, each made by a real encoder:
 * split 40/60 into two JSON fields (also indented, `\u`-escaped, and as JSON inside a JSON
 * string), split across lines and string literals, split by `\n` escapes inside a JSON string,
 * its URL- or form-encoded halves, base64 wrapped at 76 columns, and base64 of base64. Some
 * cuts leave pieces shorter than 8 characters, which only a search across the cuts finds.
 */
export function cutForms(token: string): { name: string; text: string }[] {
  const at = Math.round(token.length * 0.4);
  const [head, tail] = [token.slice(0, at), token.slice(at)];
  const [short, rest] = [token.slice(0, 3), token.slice(3)];
  const fields = { keyStart: head, keyEnd: tail };
  return [
    { name: 'two JSON fields 40/60', text: JSON.stringify(fields) },
    { name: 'two JSON fields 40/60, indented', text: JSON.stringify(fields, null, 2) },
    { name: 'two JSON fields, a 3-character head', text: JSON.stringify({ a: short, b: rest }) },
    { name: 'a JSON array of the two pieces', text: JSON.stringify([head, tail]) },
    { name: 'two JSON fields in a JSON string', text: JSON.stringify({ inner: JSON.stringify(fields) }) },
    {
      name: 'two JSON fields, every other character \\u-escaped',
      text: `{"keyStart":"${everyOtherEscaped(head)}","keyEnd":"${everyOtherEscaped(tail)}"}`,
    },
    { name: 'a string continued on the next line', text: `key = "${head}"\n  "${tail}";` },
    { name: 'split across lines', text: `${head}\n${tail}` },
    { name: 'split across CRLF lines, indented', text: `  ${head}  \r\n    ${tail}` },
    { name: 'a 3-character head on its own line', text: `${short}\n${rest}` },
    { name: 'wrapped every 6 characters', text: chunks(token, 6).join('\n') },
    { name: 'a JSON array of 5-character chunks', text: JSON.stringify(chunks(token, 5)) },
    { name: 'JSON string with \\n in the middle', text: JSON.stringify({ detail: `key ${head}\n${tail} refused` }) },
    { name: 'JSON string with \\r\\n and indentation in the middle', text: JSON.stringify({ detail: `${short}\r\n   ${rest}` }) },
    {
      name: 'JSON string with \\n in the middle, in a JSON string',
      text: JSON.stringify({ inner: JSON.stringify({ d: `${head}\n${tail}` }) }),
    },
    { name: 'URL-encoded halves in two query parameters', text: `?a=${encodeURIComponent(head)}&b=${encodeURIComponent(tail)}` },
    { name: 'URL-encoded halves in two JSON fields', text: JSON.stringify({ a: encodeURIComponent(head), b: encodeURIComponent(tail) }) },
    { name: 'form-encoded halves', text: new URLSearchParams({ a: head, b: tail }).toString() },
    ...mimeForms(token),
    ...nestedBase64Forms(token),
  ];
}
