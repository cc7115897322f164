// The last safety net: scans every file of a report dir for any form of any
// key, or any run of 8 or more characters of one, the entries of the HTML report's
// embedded archive included. It only reads; keys are redacted before anything
// reaches a report, so a find is a bug.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyFinder, type Secret } from '../http/redact.ts';
import { unzipEntries } from './zip-reader.ts';

/** Every file under a directory. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const EMBEDDED_ZIP = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;

/** The texts a file holds: itself (also read as latin1 when it is not UTF-8), plus the entries of any base64 zip it embeds. */
export function textsOf(content: Buffer): string[] {
  const text = content.toString('utf8');
  const texts = text.includes('\uFFFD') ? [text, content.toString('latin1')] : [text];
  for (const match of text.matchAll(EMBEDDED_ZIP)) {
    for (const entry of unzipEntries(Buffer.from(match[1], 'base64'))) texts.push(entry.data.toString('utf8'));
  }
  return texts;
}

/**
 * A scanner for the run's secrets, by the redactor's rules: every encoding (raw, percent,
 * form, \\u escapes, base64 at any alignment) and every run of 8 or more characters of a
 * key form, across line breaks, escapes and JSON string boundaries.
 */
export function keyScanner(secrets: Secret[]): (text: string) => Secret[] {
  return createKeyFinder(secrets);
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
