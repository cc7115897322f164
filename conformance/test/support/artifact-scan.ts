// Scans every file of a report directory, with the archives it holds unpacked, for
// any form of the given keys, using the independent detector (not the redactor).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findKey } from './key-oracle.ts';
import { embeddedZips, isZip, readZip } from './zip-reader.ts';

export interface Leak {
  /** The file, and for an archive member `file!entry`. */
  where: string;
  key: string;
  how: string;
}

/** Every file under a directory. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The texts a file holds: itself, and each entry of a zip it is or embeds as base64. */
export function textsOfFile(path: string, label: string): { where: string; text: string }[] {
  const bytes = readFileSync(path);
  const zips = isZip(bytes) ? [bytes] : embeddedZips(bytes.toString('latin1'));
  const entries = zips.flatMap((zip) => readZip(zip).map((e) => ({ where: `${label}!${e.name}`, text: e.data.toString('utf8') })));
  return [{ where: label, text: bytes.toString('utf8') }, ...entries];
}

/** Every place under `dir` where a form of one of the keys shows. */
export function scanForKeys(dir: string, keys: Record<string, string>): Leak[] {
  const leaks: Leak[] = [];
  for (const path of filesUnder(dir)) {
    for (const { where, text } of textsOfFile(path, relative(dir, path))) leaks.push(...scanText(where, text, keys));
  }
  return leaks;
}

/** Where a form of one of the keys shows in one text. */
export function scanText(where: string, text: string, keys: Record<string, string>): Leak[] {
  return Object.entries(keys).flatMap(([key, token]) => {
    const how = findKey(text, token);
    return how ? [{ where, key, how }] : [];
  });
}
