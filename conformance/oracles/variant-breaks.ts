// What a served operator variant sent by a key barred from the other bucket
// shows, beyond what every exchange is judged for (oracle-rules.ts), by what
// a conforming server may answer it (the variant's `conforming`): a variant a
// conforming server refuses breaks the rule when it is served with the other
// bucket (or one of its files) named in its path, however spelled (case,
// encodings, whitespace, Unicode forms folded); one it may
// serve as the canonical request breaks it when the answer holds the other
// bucket's id as a JSON value (its item moved or shown there), even an id the
// request carried (a body naming the bucket, a cursor minted there); a link
// echoing the request's query is no such value. A short or numeric bucket id
// (a serial, which other kinds' ids may equal) counts only where a bucket id
// stands: after `buckets` in a path, at a `bucketId` field.
import type { ExchangeView } from './exchange-view.ts';
import { BUCKET_RESOURCE, resourceAfterSegment, resourceOfField } from './id-places.ts';
import { isPlain, type OtherBucketMarkers } from './markers.ts';

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * A segment as a server that folds ids may read it: decoded until it no longer changes (twice-encoded too),
 * NFKC-normalised (fullwidth, the Kelvin sign, the long s), trimmed of whitespace and separators, lower-cased.
 */
export function foldedId(segment: string): string {
  let text = segment;
  for (let i = 0; i < 3 && decoded(text) !== text; i++) text = decoded(text);
  return text
    .normalize('NFKC')
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

/** The path segments of the exchange's URL, decoded, with any matrix parameter cut off. */
function segmentsOf(url: string): string[] {
  return new URL(url).pathname.split('/').map((s) => decoded(s.split(';')[0]));
}

/** Why the served variant broke the bucket-limits rule, or undefined (not a variant, not served, or a conforming answer). */
export function variantBreak(view: ExchangeView, otherBucketId: string, markers: Pick<OtherBucketMarkers, 'all'>): string | undefined {
  const conforming = view.entry.intent?.conforming;
  if (!view.served || conforming === undefined || conforming === 'no-5xx') return undefined;
  const status = view.entry.status;
  if (conforming === 'refusal') {
    // Named however spelled: a server that folds ids after its check reads any spelling as the id itself.
    const values = [otherBucketId, ...markers.all().flatMap((m) => (m.kind === 'value' && m.value.length >= 6 ? [m.value] : []))];
    const named = new Map(values.map((v) => [foldedId(v), v]));
    const segments = segmentsOf(view.entry.url);
    const segment = segments.find((s, i) => {
      const value = named.get(foldedId(s));
      return (
        value !== undefined &&
        (value !== otherBucketId || !isPlain(otherBucketId) || resourceAfterSegment(segments[i - 1]) === BUCKET_RESOURCE)
      );
    });
    if (!segment) return undefined;
    return named.get(foldedId(segment)) === otherBucketId
      ? `${status} to a variant naming the other bucket ${otherBucketId} in its path`
      : `${status} to a variant naming ${segment} of the other bucket in its path`;
  }
  return holdsValue(view.entry.text, otherBucketId)
    ? `${status} whose answer holds the other bucket's id ${otherBucketId} (a conforming server refuses, or answers as for the allowed bucket alone)`
    : undefined;
}

/**
 * Whether a JSON answer holds the value as a whole string (or number) value: a record's `bucketId`, an id in a
 * list. A URL holding it (a next-page link echoing the request's query) is no such value.
 */
function holdsValue(text: string, value: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  // A short or numeric id (a serial) counts only where a bucket's id stands: `7` is also a size, a count or a file's id.
  const plain = isPlain(value);
  const walk = (node: unknown, name: string, depth: number): boolean => {
    if (typeof node === 'string' || typeof node === 'number')
      return String(node) === value && (!plain || resourceOfField(name) === BUCKET_RESOURCE);
    if (node === null || typeof node !== 'object' || depth > 64) return false;
    return Object.entries(node).some(([key, child]) => walk(child, Array.isArray(node) ? name : key, depth + 1));
  };
  return walk(json, '', 0);
}
