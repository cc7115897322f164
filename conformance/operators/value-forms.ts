// Spellings of one value that a server may fold into it after its access check
// has compared the value as sent: letter case, whitespace around it and a
// trailing newline, percent-encoding as text (once, twice), a separator before
// or after it, and Unicode forms whose NFKC or case mapping is the value
// (fullwidth letters, the long s, the Kelvin sign). The id-forms and
// filter-values axes send each in every position they vary.

/** A value's fullwidth form (U+FF01-FF5E): NFKC maps it back to ASCII. */
export const fullwidth = (text: string): string => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** The text with its first character percent-encoded (`bkt` → `%62kt`): the value once more decoded. */
const encodedFirst = (text: string): string =>
  text === '' ? text : `%${text.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${text.slice(1)}`;

/**
 * The spellings of `value` a server may normalise to it, each with what it is; none equal to the value. Letters
 * whose case mapping or NFKC form is another ASCII letter (`ſ` upper-cases to `S`, `K` folds to `k`) stand in
 * for one letter of it where it has one.
 */
export function formsOf(value: string): [string, string][] {
  const forms: [string, string][] = [
    [value.toUpperCase(), 'upper case'],
    [value.toLowerCase(), 'lower case'],
    [` ${value} `, 'spaces around'],
    [`${value}\n`, 'a trailing newline'],
    [`\t${value}`, 'a leading tab'],
    [encodedFirst(value), 'percent-encoded as text'],
    [encodedFirst(encodedFirst(value)), 'percent-encoded twice'],
    [`${value}/`, 'a trailing separator'],
    [`/${value}`, 'a leading separator'],
    [fullwidth(value), 'fullwidth (NFKC folds it)'],
  ];
  const s = value.search(/s/i);
  if (s >= 0) forms.push([`${value.slice(0, s)}\u017f${value.slice(s + 1)}`, "the long s (upper-cases to 'S')"]);
  const k = value.search(/k/i);
  if (k >= 0) forms.push([`${value.slice(0, k)}\u212a${value.slice(k + 1)}`, "the Kelvin sign (NFKC and lower case: 'k')"]);
  const seen = new Set([value]);
  return forms.filter(([form]) => !seen.has(form) && seen.add(form));
}
