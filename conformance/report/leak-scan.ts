// The last safety net: scans every file of a report dir for any form of any
// key, or any run of one carrying enough of its secret (see keyScanner), the entries of the HTML report's
// embedded archive included. It only reads (leak-repair.ts rewrites what it finds);
// keys are redacted before anything reaches a report, so a find is a bug.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyFinder, type Secret } from '../http/redact.ts';
import { SCAN_LEAK_BITS } from '../http/key-secret-part.ts';
import { unzipEntries } from './zip-reader.ts';

/** Every file under a directory. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** An archive embedded in a page as a data URL (the HTML report's data); group 1 is its base64. */
export const EMBEDDED_ZIP = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The texts a file holds: itself (also read as latin1 when it is not UTF-8), plus the entries of a zip it is
 * (a trace, an attachment) or embeds as base64 (the HTML report's data).
 */
export function textsOf(content: Buffer): string[] {
  const text = content.toString('utf8');
  const texts = text.includes('\uFFFD') ? [text, content.toString('latin1')] : [text];
  const zips = content.subarray(0, 4).equals(ZIP_MAGIC) ? [content] : [];
  for (const match of text.matchAll(EMBEDDED_ZIP)) zips.push(Buffer.from(match[1], 'base64'));
  for (const zip of zips) {
    let entries: ReturnType<typeof unzipEntries> = [];
    try {
      entries = unzipEntries(zip);
    } catch {
      // A damaged archive: its bytes are scanned as text above, which is all that can be read of it.
    }
    for (const entry of entries) texts.push(...textsOf(entry.data));
  }
  return texts;
}

/**
 * A scanner for the run's secrets, by the redactor's rules: every encoding (raw, percent,
 * form, \\u escapes, base64 at any alignment) and every run of 8 or more characters of a
 * key form, across line breaks, escapes and JSON string boundaries, that carries
 * SCAN_LEAK_BITS of the key's secret: a report full of hex holds shorter pieces of a hex key by chance.
 */
export function keyScanner(secrets: Secret[]): (text: string) => Secret[] {
  return createKeyFinder(secrets, SCAN_LEAK_BITS);
}

export interface Leak {
  file: string;
  /** The keys found in it. */
  secrets: Secret[];
}

/** Each file under `dir` holding any form of any of the keys. */
export function findLeaks(dir: string, secrets: Secret[]): Leak[] {
  if (secrets.length === 0) return [];
  const scan = keyScanner(secrets);
  return listFiles(dir).flatMap((file) => {
    const found = new Set(textsOf(readFileSync(file)).flatMap(scan));
    return found.size ? [{ file, secrets: [...found] }] : [];
  });
}
