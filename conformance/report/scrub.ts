// Scans (and scrubs) every text artifact of a report directory for key bytes,
// including the HTML report's embedded zip, whose entries are inflated first.
// Playwright's HTML report lists each API call's URL as a step, so a key sent
// in a query string (the auth checks do) lands there and is scrubbed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../http/redact.ts';
import { unzipEntries, zipEntries } from './zip.ts';

/** Every file under a directory. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const EMBEDDED_ZIP = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;

/** The texts a file holds: itself, plus the entries of any base64 zip it embeds (Playwright's HTML report). */
export function textsOf(content: Buffer): string[] {
  const text = content.toString('utf8');
  const texts = [text, content.toString('latin1')];
  for (const match of text.matchAll(EMBEDDED_ZIP)) {
    for (const entry of unzipEntries(Buffer.from(match[1], 'base64'))) texts.push(entry.data.toString('utf8'));
  }
  return texts;
}

/** Files under `dir` holding any form of any key. */
export function findLeaks(dir: string, redact: Redactor): string[] {
  return listFiles(dir).filter((path) => textsOf(readFileSync(path)).some((t) => redact.leaks(t)));
}

/** Redacts the entries of every embedded zip; returns the text unchanged when none holds a key. */
function scrubEmbeddedZips(text: string, redact: Redactor): string {
  return text.replace(EMBEDDED_ZIP, (whole, b64: string) => {
    const entries = unzipEntries(Buffer.from(b64, 'base64'));
    if (!entries.some((e) => redact.leaks(e.data.toString('utf8')))) return whole;
    const clean = entries.map((e) => ({ name: e.name, data: Buffer.from(redact(e.data.toString('utf8'))) }));
    return `data:application/zip;base64,${zipEntries(clean).toString('base64')}`;
  });
}

/**
 * Redacts keys in every text artifact in place, embedded zips included. Returns the
 * plain-text files it had to change: the suite redacts at the source, so each is a
 * bug to report (the HTML report's embedded steps are expected and not returned).
 */
export function scrubDirectory(dir: string, redact: Redactor): string[] {
  const changed: string[] = [];
  for (const path of listFiles(dir)) {
    const text = readFileSync(path).toString('utf8');
    const zipsScrubbed = scrubEmbeddedZips(text, redact);
    const plainLeak = redact.leaks(zipsScrubbed);
    if (zipsScrubbed !== text || plainLeak) writeFileSync(path, redact(zipsScrubbed));
    if (plainLeak) changed.push(path);
  }
  return changed;
}
