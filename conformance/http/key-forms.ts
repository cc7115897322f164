// The literal forms a key takes in text (raw, URL, form, base64 and base64 of base64),
// each character mapped back to the key characters it was made from.

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

/** One form of a key: its text, and for each character the first and last key character (UTF-16 index) it depends on. */
export interface KeyForm {
  text: string;
  lo: number[];
  hi: number[];
  /**
   * The fewest of the key's secret characters a run of the form must depend on to count (default 1). A base64 form
   * packs fewer key characters in each of its own (base64 of base64 fewer still): 8 of its characters may stand
   * for only 4 or 5 of the key's, which a large base64 text holds by chance.
   */
  minSecret?: number;
}

/** The key characters 8 characters of a single base64 form stand for: a run of a base64 form counts from there. */
const BASE64_MIN_SECRET = 6;

/** The key itself: each character stands for itself. */
function rawForm(token: string): KeyForm {
  const at = Array.from({ length: token.length }, (_, i) => i);
  return { text: token, lo: at, hi: at };
}

/** A form written code point by code point (`encode` of each), or undefined when the encoder refuses the key (a lone surrogate). */
function perCodePoint(token: string, encode: (text: string) => string): KeyForm | undefined {
  const form: KeyForm = { text: '', lo: [], hi: [] };
  let at = 0;
  for (const char of token) {
    let written: string;
    try {
      written = encode(char);
    } catch {
      return undefined;
    }
    form.text += written;
    for (let i = 0; i < written.length; i++) {
      form.lo.push(at);
      form.hi.push(at + char.length - 1);
    }
    at += char.length;
  }
  return form;
}

/** The UTF-8 bytes of a form, each mapped like the character it encodes. */
function utf8Of(form: KeyForm): { bytes: number[]; lo: number[]; hi: number[] } {
  const out = { bytes: [] as number[], lo: [] as number[], hi: [] as number[] };
  let i = 0;
  for (const char of form.text) {
    for (const byte of Buffer.from(char)) {
      out.bytes.push(byte);
      out.lo.push(form.lo[i]);
      out.hi.push(form.hi[i + char.length - 1]);
    }
    i += char.length;
  }
  return out;
}

/** The base64 cores of a form at the three alignments, standard and URL-safe (`-` and `_` for `+` and `/`). */
function base64Forms(form: KeyForm): KeyForm[] {
  const { bytes, lo, hi } = utf8Of(form);
  return ([0, 1, 2] as const).flatMap((shift) => {
    const b64 = Buffer.from([...Array<number>(shift).fill(0), ...bytes]).toString('base64');
    const first = Math.ceil((8 * shift) / 6);
    const last = Math.floor((8 * (shift + bytes.length)) / 6);
    const core: KeyForm = { text: b64.slice(first, last), lo: [], hi: [], minSecret: BASE64_MIN_SECRET };
    for (let c = first; c < last; c++) {
      // Character c holds bits 6c..6c+5 of the shifted bytes.
      core.lo.push(lo[Math.floor((6 * c) / 8) - shift]);
      core.hi.push(hi[Math.floor((6 * c + 5) / 8) - shift]);
    }
    const urlSafe = { ...core, text: core.text.replace(/\+/g, '-').replace(/\//g, '_') };
    return [core, urlSafe];
  });
}

/**
 * Every literal form of a key whose runs of 8 characters are looked for: the key, its URL
 * and form encodings, its UTF-8 bytes read as Latin-1 (what `\xXX` escapes decode to), the
 * base64 of each of the first three at every alignment (standard and URL-safe), and the
 * base64 of each of those. Forms shorter than 8 characters are left out.
 */
export function keyForms(token: string): KeyForm[] {
  const raw = rawForm(token);
  const url = perCodePoint(token, encodeURIComponent);
  const form = perCodePoint(token, formEncode);
  const bytes = perCodePoint(token, (char) => Buffer.from(char).toString('latin1'));
  const sources = [raw, url, form].filter((f): f is KeyForm => f !== undefined);
  const once = [...sources, ...sources.flatMap(base64Forms)];
  const all = [...once, ...(bytes ? [bytes] : []), ...once.slice(sources.length).flatMap(base64Forms)];
  const seen = new Set<string>();
  return all.filter((f) => f.text.length >= 8 && !seen.has(f.text) && seen.add(f.text));
}
