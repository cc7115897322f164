// A small zip reader for the leak tests: opens the archives a report holds (Playwright's
// HTML report embeds its data as a base64 zip) so their entries can be scanned too.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whether the bytes start like a zip archive. */
export function isZip(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).equals(LOCAL_HEADER);
}

/** The entries of a zip archive (stored or deflated), read through its central directory. */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    // The local header's own name and extra lengths may differ from the central directory's.
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    if (method !== 0 && method !== 8) throw new Error(`zip entry ${name} uses compression method ${method}`);
    entries.push({ name, data: method === 8 ? inflateRawSync(packed) : Buffer.from(packed) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const LONG_BASE64 = /[A-Za-z0-9+/]{64,}={0,2}/g;

/** The zip archives embedded as base64 in a text (any long base64 run that decodes to a zip). */
export function embeddedZips(text: string): Buffer[] {
  const zips: Buffer[] = [];
  for (const [run] of text.matchAll(LONG_BASE64)) {
    const bytes = Buffer.from(run, 'base64');
    if (isZip(bytes)) zips.push(bytes);
  }
  return zips;
}
