// An independent key detector for the leak tests: it decodes the text (escapes of
// every kind, base64 at every alignment) and looks for the key, instead of reusing
// the redactor's patterns, so a form the redactor misses is still found.

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
