// Decodes the escapes a key's characters may be written in (JSON, C, HTML, percent) into
// a skeleton being built, each decoded character keeping the place of its whole escape.

const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const REFERENCE = /&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));/y;

const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The value of a hex digit, or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

const upperHex = (c: number) => (c >= 0x61 && c <= 0x66 ? c - 0x20 : c);

/** The number written by `count` hex digits at `from`, or -1. */
function hexNumber(text: string, from: number, count: number): number {
  let value = 0;
  for (let d = 0; d < count; d++) {
    const digit = hexValue(text.charCodeAt(from + d));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** A skeleton being built: its arrays, its length, and the ends of the characters that came from escapes. */
export interface Builder {
  codes: Uint16Array;
  start: Int32Array;
  length: number;
  wide: Map<number, number>;
}

function push(b: Builder, code: number, from: number, to: number): void {
  if (to !== from + 1) b.wide.set(b.length, to);
  b.codes[b.length] = code;
  b.start[b.length++] = from;
}

/**
 * Decodes an escape at `i` into the builder and returns where it ends, or -1: `\uXXXX`,
 * `\xXX` and `\<punctuation>` (any number of backslashes: JSON inside JSON doubles them),
 * `&#N;` and `&#xH;`, and `%XX` (also encoded again, `%25XX`), which is kept as `%XX` with
 * its hex in capitals so that it matches the URL form of a key.
 */
export function escapeAt(text: string, i: number, b: Builder): number {
  const c = text.charCodeAt(i);
  if (c === BACKSLASH) {
    let j = i;
    while (text.charCodeAt(j) === BACKSLASH) j++;
    const e = text.charCodeAt(j);
    const width = e === 0x75 ? 4 : e === 0x78 ? 2 : 0;
    const code = width ? hexNumber(text, j + 1, width) : -1;
    if (code >= 0) {
      push(b, code, i, j + 1 + width);
      return j + 1 + width;
    }
    if (width || j >= text.length || isAlnum(e) || isBlank(e)) return -1;
    push(b, e, i, j + 1);
    return j + 1;
  }
  if (c === PERCENT) {
    let j = i + 1;
    while (text.startsWith('25', j) && hexNumber(text, j + 2, 2) >= 0) j += 2;
    if (hexNumber(text, j, 2) < 0) return -1;
    push(b, PERCENT, i, j);
    push(b, upperHex(text.charCodeAt(j)), j, j + 1);
    push(b, upperHex(text.charCodeAt(j + 1)), j + 1, j + 2);
    return j + 2;
  }
  REFERENCE.lastIndex = i;
  const ref = REFERENCE.exec(text);
  const code = ref ? parseInt(ref[1] ?? ref[2], ref[1] ? 10 : 16) : -1;
  if (!ref || code > 0x10ffff) return -1;
  const end = i + ref[0].length;
  // A code point beyond the BMP is two UTF-16 units, both standing for the whole reference.
  const units = String.fromCodePoint(code);
  for (let u = 0; u < units.length; u++) push(b, units.charCodeAt(u), i, end);
  return end;
}
