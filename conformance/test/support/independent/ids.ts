// Ids of new records, in one of three styles a real service uses: short random
// ids with a kind prefix (`f_8k2x...`), one SQL-like serial shared by every
// table ("1", "20"), or UUIDs.
import { randomBytes, randomUUID } from 'node:crypto';

export const ID_STYLES = ['prefixed', 'numeric', 'uuid'] as const;
export type IdStyle = (typeof ID_STYLES)[number];

/** The kinds of record that get ids, with their prefix in the `prefixed` style. */
const PREFIX = {
  workspace: 'w',
  bucket: 'b',
  file: 'f',
  upload: 'u',
  automation: 'a',
  suggestion: 's',
  share: 'sh',
  transfer: 't',
  job: 'j',
  run: 'r',
} as const;
export type IdKind = keyof typeof PREFIX;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits (lower case), `length` of them. */
export function randomText(length: number, alphabet = ALPHABET): string {
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

/** A maker of ids in the style given. */
export function idMaker(style: IdStyle): (kind: IdKind) => string {
  if (style === 'uuid') return () => randomUUID();
  if (style === 'numeric') {
    let serial = 0;
    return () => String(++serial);
  }
  return (kind) => `${PREFIX[kind]}_${randomText(12)}`;
}
