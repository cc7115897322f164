// Finds every run of 8 or more characters of any form of any key in a skeleton: a rolling
// hash over 8-character windows picks the candidates, each is checked and grown to its full run.
import { keyForms } from './key-forms.ts';
import { secretCharsFor, secretMask } from './key-secret-part.ts';
import type { Skeleton } from './text-skeleton.ts';

/** The shortest run of a key form that counts as a leak. */
export const MIN_RUN = 8;

/** A run of a key form in a skeleton: [start, end) in skeleton characters, and the key's index. */
export interface KeyRun {
  start: number;
  end: number;
  key: number;
}

interface IndexedForm {
  codes: Uint16Array;
  key: number;
  /** For each form character, the number of secret key characters before the first one it depends on… */
  secretBefore: Int32Array;
  /** …and up to the last one it depends on. */
  secretThrough: Int32Array;
  /** The fewest secret characters a run must depend on: the form's own floor, or as many as carry the finder's bits. */
  minSecret: number;
}

const BASE = 0x01000193;
/** BASE to the 7th power, modulo 2^32: what the character leaving the window weighs. */
const BASE_OUT = Array.from({ length: MIN_RUN - 1 }).reduce<number>((p) => Math.imul(p, BASE), 1);
/** 2^22 filter bits: with some 10^5 windows indexed, most text windows are turned down without a map lookup. */
const FILTER_BITS = 22;

function windowHash(codes: Uint16Array, at: number): number {
  let h = 0;
  for (let k = 0; k < MIN_RUN; k++) h = (Math.imul(h, BASE) + codes[at + k]) | 0;
  return h;
}

const filterSlot = (h: number) => Math.imul(h, 0x9e3779b1) >>> (32 - FILTER_BITS);

function indexForm(
  key: number,
  mask: Uint8Array,
  leakChars: number,
  form: { text: string; lo: number[]; hi: number[]; minSecret?: number },
): IndexedForm {
  const before = new Int32Array(mask.length + 1);
  for (let i = 0; i < mask.length; i++) before[i + 1] = before[i] + mask[i];
  return {
    codes: Uint16Array.from(form.text, (c) => c.charCodeAt(0)),
    key,
    secretBefore: Int32Array.from(form.lo, (lo) => before[lo]),
    secretThrough: Int32Array.from(form.hi, (hi) => before[hi + 1]),
    minSecret: Math.max(form.minSecret ?? 1, leakChars),
  };
}

/**
 * A finder of the runs of the given keys' forms (see keyForms) in a skeleton: every maximal
 * run of 8 or more characters that reaches a secret character of its key, and with `leakBits`
 * enough of them to carry that many bits of its secret, or all of it (see secretMask and
 * secretCharsFor; pieces of `names`, the run's key names and env vars, are never secret).
 */
export function createRunFinder(tokens: string[], names: readonly string[] = [], leakBits = 0): (skeleton: Skeleton) => KeyRun[] {
  const forms = tokens.flatMap((token, key) => {
    const mask = secretMask(token, names);
    const leakChars = secretCharsFor(leakBits, token, mask);
    return keyForms(token).map((form) => indexForm(key, mask, leakChars, form));
  });
  // Each window hash lists where it occurs: form index and position, pairwise.
  const table = new Map<number, number[]>();
  const filter = new Uint32Array(1 << (FILTER_BITS - 5));
  forms.forEach((form, f) => {
    for (let p = 0; p + MIN_RUN <= form.codes.length; p++) {
      const h = windowHash(form.codes, p);
      const slot = filterSlot(h);
      filter[slot >>> 5] |= 1 << (slot & 31);
      const list = table.get(h);
      if (list) list.push(f, p);
      else table.set(h, [f, p]);
    }
  });

  return (sk) => {
    const runs: KeyRun[] = [];
    if (sk.length < MIN_RUN || forms.length === 0) return runs;
    const { codes } = sk;
    // The last run found per form, by diagonal (text position minus form position): later windows inside it are skipped.
    const lastDiagonal = new Float64Array(forms.length).fill(NaN);
    const lastEnd = new Int32Array(forms.length);
    let h = windowHash(codes, 0);
    for (let i = 0; ; i++) {
      const slot = filterSlot(h);
      const entries = filter[slot >>> 5] & (1 << (slot & 31)) ? table.get(h) : undefined;
      for (let e = 0; entries && e < entries.length; e += 2) {
        const f = entries[e];
        const p = entries[e + 1];
        if (lastDiagonal[f] === i - p && i + MIN_RUN <= lastEnd[f]) continue;
        const form = forms[f].codes;
        let k = 0;
        while (k < MIN_RUN && codes[i + k] === form[p + k]) k++;
        if (k < MIN_RUN) continue;
        let start = i;
        let q = p;
        while (start > 0 && q > 0 && codes[start - 1] === form[q - 1]) {
          start--;
          q--;
        }
        let end = i + MIN_RUN;
        while (end < sk.length && q + (end - start) < form.length && codes[end] === form[q + (end - start)]) end++;
        lastDiagonal[f] = start - q;
        lastEnd[f] = end;
        const { secretBefore, secretThrough, key, minSecret } = forms[f];
        if (secretThrough[q + (end - start) - 1] - secretBefore[q] >= minSecret) runs.push({ start, end, key });
      }
      if (i + MIN_RUN >= sk.length) break;
      h = (Math.imul(h - Math.imul(codes[i], BASE_OUT), BASE) + codes[i + MIN_RUN]) | 0;
    }
    return runs;
  };
}
