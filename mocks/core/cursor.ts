// Opaque paging cursors: base64url JSON, either "after this path" (path-ordered
// file listings, stable while files are added) or an offset (every other list).
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export type Cursor = { after: string } | { offset: number };

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Encodes a cursor for `nextCursor`. */
export function encodeCursor(cursor: Cursor): string {
  const raw = 'after' in cursor ? { a: cursor.after } : { o: cursor.offset };
  return toBase64Url(encoder.encode(JSON.stringify(raw)));
}

/** Decodes a client's cursor; undefined when it is not one of ours. */
export function decodeCursor(text: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const raw = JSON.parse(decoder.decode(bytes)) as { a?: unknown; o?: unknown };
    if (typeof raw.a === 'string') return { after: raw.a };
    if (Number.isSafeInteger(raw.o) && (raw.o as number) >= 0) return { offset: raw.o as number };
  } catch {
    // Not base64 or not JSON: the caller answers 400.
  }
  return undefined;
}
