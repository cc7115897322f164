// Scans every file of a report directory, with the archives it holds unpacked, for
// any form of the given keys and any run of 8 or more characters of one, using the
// independent detector (not the redactor).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipEntries } from '../../report/zip-writer.ts';
import { findKey, keyRunFinder } from './key-oracle.ts';
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

/** Every place under `dir` where a form of one of the keys, or a run of 8 characters of one, shows. */
export function scanForKeys(dir: string, keys: Record<string, string>): Leak[] {
  const runs = keyRunFinder(keys);
  const leaks: Leak[] = [];
  for (const path of filesUnder(dir)) {
    for (const { where, text } of textsOfFile(path, relative(dir, path))) leaks.push(...scanText(where, text, keys, runs));
  }
  return leaks;
}

/** Where a form of one of the keys, or a run of 8 characters of one, shows in one text. */
export function scanText(where: string, text: string, keys: Record<string, string>, runs = keyRunFinder(keys)): Leak[] {
  const whole = Object.entries(keys).flatMap(([key, token]) => {
    const how = findKey(text, token);
    return how ? [{ where, key, how }] : [];
  });
  // The first run of each key and form is enough to see what leaked.
  const pieces = new Map<string, Leak>();
  for (const run of runs(text)) {
    const id = `${run.key} ${run.form}`;
    if (!pieces.has(id)) pieces.set(id, { where, key: run.key, how: `8 characters of its ${run.form} at ${run.at} (${run.view})` });
  }
  return [...whole, ...pieces.values()];
}

/** A zip archive of the given entries, deflated as Playwright's HTML report packs its data, to plant keys in. */
export function zipOf(entries: { name: string; data: string }[]): Buffer {
  return zipEntries(entries.map(({ name, data }) => ({ name, data: Buffer.from(data) })));
}
