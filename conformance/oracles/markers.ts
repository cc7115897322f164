// What belongs to the other bucket: the ids and paths of everything the run
// put there (test files, the trashed one, an automation, a suggestion), the
// ids a full key saw listed there (shares, transfers, and in a --read-only run
// everything), and the random marker words in its files' names and
// descriptions. An answer to a key barred from that bucket that shows one of
// them, when its request did not carry it, leaks it. Ids and paths are found
// as values (value-index.ts), so a short or numeric id never matches by
// chance: such an id counts only where the contract puts an id of its kind
// (a share's id among shares, a `fileId` field), and not when a value of the
// allowed bucket of that kind equals it (a server may count ids per bucket).
// Marker words, long and random, are found inside any string value.
import { emptyIndex, indexText, indexUrl, type ValueIndex } from './value-index.ts';

/** A `value` (an id, a path) matches as a whole value; a `word` matches inside string values; an `allowed` value is the allowed bucket's, and vetoes an equal one. */
export type MarkerKind = 'value' | 'word' | 'allowed';

export interface Marker {
  value: string;
  /** What it marks, for the failure text, e.g. "the id of test file x.txt". */
  what: string;
  kind: MarkerKind;
  /** For an id: the kind of resource it names (a contract schema name: File, Share, Suggestion, ...). */
  resource?: string;
}

/** The shortest marker word: a shorter one could occur by chance inside other text. */
const MIN_WORD = 6;

/** A value too short or plain to be found outside the places that hold ids: all digits, or under 6 characters. */
export const isPlain = (value: string) => /^\d+$/.test(value) || value.length < 6;

/** Whether an index shows a marker: a word inside its text; a plain value only where it stands as an id; another value as a whole value or token. */
export function shows(index: ValueIndex, marker: Marker): boolean {
  if (marker.kind === 'allowed') return false;
  if (marker.kind === 'word') return index.prose.includes(marker.value);
  if (isPlain(marker.value))
    return marker.resource ? (index.idKinds.get(marker.value)?.has(marker.resource) ?? false) : index.idPlaces.has(marker.value);
  return index.whole.has(marker.value) || index.idPlaces.has(marker.value) || index.tokens.has(marker.value);
}

/** Whether a request carried a marker: in its URL (a path segment, a query value) or its body, as a value or, for a word, anywhere. */
export function carries(index: ValueIndex, marker: Marker): boolean {
  if (marker.kind === 'word') return index.prose.includes(marker.value);
  return index.whole.has(marker.value) || index.idPlaces.has(marker.value) || index.tokens.has(marker.value);
}

/** The index of a request: its URL's segments and query values, and its body. */
export function indexRequest(url: string, body: string | undefined): ValueIndex {
  const index = body ? indexText(body) : emptyIndex();
  indexUrl(index, url);
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // Not decodable: searched as sent.
  }
  index.prose = `${decoded}\n${index.prose}`;
  return index;
}

/** The first marker an answer shows that its request did not carry (the request's index, when given). */
export function shownMarker(
  markers: Iterable<Marker>,
  answer: string | ValueIndex,
  request?: ValueIndex,
  resource?: string,
): Marker | undefined {
  const index = typeof answer === 'string' ? indexText(answer, resource) : answer;
  const all = [...markers];
  const allowed = new Set(all.filter((m) => m.kind === 'allowed').map((m) => `${m.resource ?? ''}\n${m.value}`));
  const vetoed = (m: Marker) => allowed.has(`${m.resource ?? ''}\n${m.value}`);
  for (const marker of all) if (shows(index, marker) && !vetoed(marker) && !(request && carries(request, marker))) return marker;
  return undefined;
}

/** What a process adds markers through (the run board's, or a set of its own). */
export interface MarkerSink {
  /** `resource`: the kind of resource the id names (File, Share, ...), when known. */
  addId(value: unknown, what: string, resource?: string): void;
  /** A value of the allowed bucket (an id of `resource`): an equal marker of the other bucket is no evidence. */
  addAllowed(value: unknown, resource: string): void;
  addPath(value: string | undefined, what: string): void;
  addWord(value: string | undefined, what: string): void;
}

/** The markers of the other bucket, added to as the run creates or discovers its resources. */
export class OtherBucketMarkers implements MarkerSink {
  private readonly byValue = new Map<string, Marker>();

  private add(value: unknown, what: string, kind: MarkerKind, resource?: string): void {
    // A server may give ids as JSON numbers: they are found as the same digits.
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || text === '') return;
    // Ids of different kinds may be equal: each kind's is its own marker.
    const key = `${kind}\n${resource ?? ''}\n${text}`;
    if (this.byValue.has(key)) return;
    if (kind === 'word' && text.length < MIN_WORD) return;
    this.byValue.set(key, { value: text, what, kind, ...(resource ? { resource } : {}) });
  }

  /** Adds the id of something in the other bucket (a string, or a number as a server may send it), of `resource` when known. */
  addId(value: unknown, what: string, resource?: string): void {
    this.add(value, what, 'value', resource);
  }

  addAllowed(value: unknown, resource: string): void {
    this.add(value, `a ${resource} id of the allowed bucket`, 'allowed', resource);
  }

  /** Adds the path of a file in the other bucket. */
  addPath(value: string | undefined, what: string): void {
    this.add(value, what, 'value');
  }

  /** Adds a random word the run put in the other bucket's names or descriptions (ignored under 6 characters). */
  addWord(value: string | undefined, what: string): void {
    this.add(value, what, 'word');
  }

  /** Adds a marker as another process's list of them holds it. */
  put(marker: Marker): void {
    this.add(marker.value, marker.what, marker.kind, marker.resource);
  }

  all(): Marker[] {
    return [...this.byValue.values()];
  }

  /** The first marker the answer shows that the request (its URL and body) did not carry. */
  /** The first marker the answer (of `resource`, the route's, for its `id` fields) shows that the request (its URL and body) did not carry. */
  shownIn(answer: string | ValueIndex, request: { url: string; body?: string }, resource?: string): Marker | undefined {
    return shownMarker(this.byValue.values(), answer, indexRequest(request.url, request.body), resource);
  }
}
