// Flattens a text for key matching: line breaks, JSON string boundaries and escapes are
// taken out or decoded, and every character kept remembers where it came from.
import { escapeAt, type Builder } from './text-escapes.ts';

/**
 * A text with its layout taken out: character i came from the original's [start[i], endOf(i)).
 * Its arrays are reused by the next skeletonOf call: read it before building another.
 */
export interface Skeleton {
  codes: Uint16Array;
  start: Int32Array;
  length: number;
  endOf(i: number): number;
}

/** Scratch arrays reused from one text to the next (the redactor reads thousands of bodies); a huge text gets its own. */
let scratch = { codes: new Uint16Array(1 << 16), start: new Int32Array(1 << 16) };
const SCRATCH_LIMIT = 1 << 21;

function arraysFor(n: number): { codes: Uint16Array; start: Int32Array } {
  if (n > SCRATCH_LIMIT) return { codes: new Uint16Array(n), start: new Int32Array(n) };
  if (n > scratch.codes.length) scratch = { codes: new Uint16Array(n), start: new Int32Array(n) };
  return scratch;
}

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const AMPERSAND = 0x26;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
/** A property name between two values, as in `"…","b":"…"`, is at most this long. */
const NAME_LIMIT = 64;

const isBlank = (c: number) => c === SPACE || c === TAB || c === LF || c === CR;

/** After a quote at `i`, escaped or not (`"`, `\"`, `\\\"`), or -1. */
function quoteEnd(text: string, i: number): number {
  let j = i;
  while (text.charCodeAt(j) === BACKSLASH) j++;
  return text.charCodeAt(j) === QUOTE ? j + 1 : -1;
}

function skipBlank(text: string, i: number): number {
  let j = i;
  while (isBlank(text.charCodeAt(j))) j++;
  return j;
}

/**
 * After a JSON string boundary starting at `i`, or -1: a closing quote, an optional `,`, `:`
 * or `+`, an optional property name with its colon, and the next opening quote
 * (`","`, `", "b": "`, `"\n  "`, `\",\"b\":\"` inside an escaped JSON text).
 */
function boundaryEnd(text: string, i: number): number {
  let j = quoteEnd(text, i);
  if (j < 0) return -1;
  j = skipBlank(text, j);
  const sep = text.charCodeAt(j);
  if (sep === 0x2c || sep === 0x3a || sep === 0x2b) j = skipBlank(text, j + 1);
  const open = quoteEnd(text, j);
  if (open < 0) return -1;
  let close = open;
  while (close < open + NAME_LIMIT && close < text.length && text.charCodeAt(close) !== QUOTE && text.charCodeAt(close) !== LF) close++;
  if (text.charCodeAt(close) !== QUOTE) return open;
  const colon = skipBlank(text, close + 1);
  if (text.charCodeAt(colon) !== 0x3a) return open;
  const value = quoteEnd(text, skipBlank(text, colon + 1));
  return value < 0 ? open : value;
}

/** After a line break starting at `i` (raw, or a `\n`, `\r` or `\t` escape) with the blanks and breaks that follow, or -1. */
function breakEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === LF || c === CR || c === SPACE || c === TAB) {
      j++;
      continue;
    }
    let k = j;
    while (text.charCodeAt(k) === BACKSLASH) k++;
    const e = text.charCodeAt(k);
    if (k === j || (e !== 0x6e && e !== 0x72 && e !== 0x74)) break;
    j = k + 1;
  }
  return j > i ? j : -1;
}

/** Builds the skeleton of a text: what a key's characters look like once the layout between them is gone. */
export function skeletonOf(text: string): Skeleton {
  const n = text.length;
  const b: Builder = { ...arraysFor(n), length: 0, wide: new Map() };
  const { codes, start } = b;
  // The hot loop keeps the length in a local; b.length is only synced around the rare escapes.
  let k = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Most characters are none of " % & \ LF CR: copied as they are.
    if ((c > AMPERSAND && c !== BACKSLASH) || (c < QUOTE && c !== LF && c !== CR)) {
      codes[k] = c;
      start[k++] = i++;
      continue;
    }
    let after = c === QUOTE || c === BACKSLASH ? boundaryEnd(text, i) : -1;
    if (after < 0 && (c === LF || c === CR || c === BACKSLASH)) {
      after = breakEnd(text, i);
      // The blanks that end the line before the break go too (wrapped text, indented JSON).
      if (after > 0) while (k > 0 && (codes[k - 1] === SPACE || codes[k - 1] === TAB)) b.wide.delete(--k);
    }
    if (after < 0 && c !== QUOTE && c !== LF && c !== CR) {
      b.length = k;
      after = escapeAt(text, i, b);
      k = b.length;
    }
    if (after < 0) {
      codes[k] = c;
      start[k++] = i++;
    } else {
      i = after;
    }
  }
  const { wide } = b;
  return { codes, start, length: k, endOf: (at) => wide.get(at) ?? start[at] + 1 };
}
