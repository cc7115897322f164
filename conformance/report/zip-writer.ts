// A minimal zip writer, the reader's counterpart: rebuilds an archive a report
// holds (the HTML report's embedded data) after the artifact guard redacted its entries.
import { deflateRawSync } from 'node:zlib';
import type { ZipEntry } from './zip-reader.ts';

/** The CRC-32 (IEEE) table; zlib.crc32 is missing from some Node versions the kit runs on (22.0, 22.1). */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 of the bytes, as zip headers carry it. */
export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive of the entries, each deflated, in the order given. */
export function zipEntries(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    // The fields both headers share: version 20, flags (bit 11: the name is UTF-8), deflate, no date, crc, sizes, name length, no extra.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(0x0800, 2);
    common.writeUInt16LE(8, 4);
    common.writeUInt32LE(crc32(data), 10);
    common.writeUInt32LE(packed.length, 14);
    common.writeUInt32LE(data.length, 18);
    common.writeUInt16LE(fileName.length, 22);
    locals.push(Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, fileName, packed);
    // Then: comment length, disk, internal and external attributes, and where the local header is.
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    centrals.push(Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0]), common, tail, fileName);
    offset += 4 + common.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
