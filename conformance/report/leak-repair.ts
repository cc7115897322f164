// Rewrites a report file the last safety net found a key in, with the key
// redacted in place, so a report is never lost to a leak the redactor can fix:
// text files (UTF-8, or any other 8-bit text, byte for byte), the archives the
// HTML report embeds (rebuilt entry by entry) and zip files. What cannot be
// rewritten safely is deleted, and the caller is told why.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Redactor } from '../http/redact.ts';
import { EMBEDDED_ZIP, textsOf } from './leak-scan.ts';
import { unzipEntries, type ZipEntry } from './zip-reader.ts';
import { zipEntries } from './zip-writer.ts';

/** What became of a file holding a key: redacted in place, or deleted and why. */
export type Repair = { redacted: true } | { redacted: false; why: string };

class CannotRewrite extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Bytes as text that writes back to the very same bytes: UTF-8 when they are UTF-8, else Latin-1 (one char per byte). */
function decode(bytes: Buffer): { text: string; encoding: BufferEncoding } {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? { text, encoding: 'utf8' } : { text: bytes.toString('latin1'), encoding: 'latin1' };
}

/** Bytes that are no text: a NUL byte (images, compressed data, UTF-16) cannot be redacted as characters. */
const isBinary = (bytes: Buffer) => bytes.includes(0);

/** The archive with every entry redacted; an entry that is no text and holds a key cannot be. */
function redactArchive(zip: Buffer, redact: Redactor, where: string): Buffer {
  let entries: ZipEntry[];
  try {
    entries = unzipEntries(zip);
  } catch (error) {
    throw new CannotRewrite(`${where} could not be read as a zip archive (${(error as Error).message})`);
  }
  const redacted = entries.map((entry) => {
    if (isBinary(entry.data)) {
      if (textsOf(entry.data).some((text) => redact.leaks(text)))
        throw new CannotRewrite(`the key is in ${where} entry ${entry.name}, which is no text`);
      return entry;
    }
    const { text, encoding } = decode(entry.data);
    return { name: entry.name, data: Buffer.from(redactText(text, redact), encoding) };
  });
  return zipEntries(redacted);
}

/** The text redacted, each archive it embeds (the HTML report's data) rebuilt with its entries redacted. */
function redactText(text: string, redact: Redactor): string {
  const archives: string[] = [];
  // An archive's base64 stands aside (as a private-use mark) while the text around it is redacted: redacting inside it would break it.
  const holed = text.replace(EMBEDDED_ZIP, (match, b64: string) => {
    archives.push(redactArchive(Buffer.from(b64, 'base64'), redact, 'an embedded archive').toString('base64'));
    return match.replace(b64, `\uE000${archives.length - 1}\uE001`);
  });
  return redact(holed).replace(/\uE000(\d+)\uE001/g, (_, i: string) => archives[Number(i)]);
}

/** The file's new bytes with every key redacted, or CannotRewrite saying why not. */
function rewritten(file: string, bytes: Buffer, redact: Redactor): Buffer {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return redactArchive(bytes, redact, 'the archive');
  if (isBinary(bytes)) throw new CannotRewrite('it is no text (it holds NUL bytes), so redacting characters would corrupt it');
  const { text, encoding } = decode(bytes);
  const out = redactText(text, redact);
  if (extname(file) === '.json' && parses(text) && !parses(out)) throw new CannotRewrite('redacting it would leave its JSON invalid');
  return Buffer.from(out, encoding);
}

function parses(json: string): boolean {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}

/**
 * Redacts every key `redact` knows from the file in place; when the file cannot be rewritten safely (no text, a
 * broken archive, JSON the redaction would break, or a key still found after the rewrite), deletes it instead.
 */
export function repairLeak(file: string, redact: Redactor): Repair {
  try {
    const fixed = rewritten(file, readFileSync(file), redact);
    if (textsOf(fixed).some((text) => redact.leaks(text))) throw new CannotRewrite('the key was still found in it after redacting');
    writeFileSync(file, fixed);
    return { redacted: true };
  } catch (error) {
    // Whatever went wrong, a file that may still hold a key does not stay.
    rmSync(file, { force: true });
    const message = (error as Error).message;
    return { redacted: false, why: error instanceof CannotRewrite ? message : `rewriting it failed (${message})` };
  }
}
