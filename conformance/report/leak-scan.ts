// The last safety net: scans every file of a report dir for any form of any
// key, the entries of the HTML report's embedded archive included. It only
// reads; keys are redacted before anything reaches a report, so a find is a bug.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { secretForms, type Secret } from '../http/redact.ts';
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

const PROBE = 6;
const pair = (text: string, i: number) => text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1);

/**
 * A scanner for many secrets at once (the self-test has a thousand): forms are indexed by their
 * first characters, and a text is read once, a cheap two-character test first at each position.
 */
export function keyScanner(secrets: Secret[]): (text: string) => Secret[] {
  const byStart = new Map<string, { form: string; secret: Secret }[]>();
  const starts = new Set<number>();
  for (const secret of secrets) {
    for (const form of secretForms(secret.token)) {
      const start = form.slice(0, PROBE);
      if (!byStart.has(start)) byStart.set(start, []);
      byStart.get(start)!.push({ form, secret });
      starts.add(pair(form, 0));
    }
  }
  return (text) => {
    const found = new Set<Secret>();
    for (let i = 0; i + PROBE <= text.length; i++) {
      if (!starts.has(pair(text, i))) continue;
      const candidates = byStart.get(text.slice(i, i + PROBE));
      if (!candidates) continue;
      for (const { form, secret } of candidates) if (text.startsWith(form, i)) found.add(secret);
    }
    return [...found];
  };
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
