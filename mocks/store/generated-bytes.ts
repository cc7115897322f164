// Deterministic bytes for seeded files (which have no stored content): text
// types get readable lines, others a PRNG stream seeded by the file id.
import type { FileRecord } from '../world/world-types.ts';

const encoder = new TextEncoder();

function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Exactly `file.size` bytes, the same for the same file on every run. */
export function generatedBytes(file: FileRecord): Uint8Array {
  const out = new Uint8Array(file.size);
  if (/^text\/|json$/.test(file.contentType)) {
    const line = encoder.encode(`${file.path}: ${file.description ?? file.name}\n`);
    for (let i = 0; i < out.length; i++) out[i] = line[i % line.length];
    return out;
  }
  // mulberry32, four bytes per step.
  let state = hashId(file.id);
  for (let i = 0; i < out.length; i += 4) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const word = (t ^ (t >>> 14)) >>> 0;
    out[i] = word & 0xff;
    if (i + 1 < out.length) out[i + 1] = (word >>> 8) & 0xff;
    if (i + 2 < out.length) out[i + 2] = (word >>> 16) & 0xff;
    if (i + 3 < out.length) out[i + 3] = word >>> 24;
  }
  return out;
}
