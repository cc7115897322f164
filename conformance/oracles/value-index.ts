// Indexes what an answer (or a request) holds as values, so a marker is found
// as a value and never as a piece of another one: the id "20" is not in
// `"size": 1200`, in a timestamp, or in the id "120". Whole JSON string
// values; values standing as ids (a property named `id` or ending in `Id`,
// `_id`, `Ids`, `_ids`, strings or numbers, and whole URL path segments and id
// query values inside string values); tokens of prose; and the prose itself
// for long random marker words. Each id place also records the kind of
// resource the contract puts there (id-places.ts), for servers whose kinds
// count on their own.
import { resourceAfterSegment, resourceOfField } from './id-places.ts';

/** What a text holds, indexed once for every marker looked for. */
export interface ValueIndex {
  /** Every whole string value, and every path segment and query value of the URLs among them (decoded). */
  whole: Set<string>;
  /** Values that stand as ids: at id-named properties (strings and numbers), URL path segments, id-named query values. */
  idPlaces: Set<string>;
  /** Per value at an id place, the kinds of resource (contract schema names: File, Share, ...) whose id the place holds. */
  idKinds: Map<string, Set<string>>;
  /** Whole tokens of the string values (split at anything but letters, digits, `_` and `-`; and at spaces and quotes). */
  tokens: Set<string>;
  /** The string values joined (the whole text when it is not JSON), for substrings. */
  prose: string;
}

/** How deep a body is walked: deeper parts (a hostile nesting) are not read. */
const MAX_DEPTH = 64;

/** Whether a property or query parameter name says its value is an id. A bucket's or workspace's id is never a resource's. */
export function isIdName(name: string): boolean {
  if (/^(bucket|workspace)(Id|_id|ID|Ids|_ids|IDs)$/i.test(name)) return false;
  return /^id$/i.test(name) || /(Id|_id|ID|Ids|_ids|IDs)$/.test(name);
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function addKind(index: ValueIndex, value: string, kind: string | undefined): void {
  if (!kind) return;
  const kinds = index.idKinds.get(value) ?? index.idKinds.set(value, new Set()).get(value)!;
  kinds.add(kind);
}

/** Adds the path segments and query values of a URL or path (absolute, or starting with / or ?). */
export function indexUrl(index: ValueIndex, text: string): void {
  let url: URL;
  try {
    url = new URL(text, 'http://relative.invalid');
  } catch {
    return;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  segments.forEach((segment, i) => {
    const value = decode(segment);
    index.whole.add(value);
    index.idPlaces.add(value);
    if (i > 0) addKind(index, value, resourceAfterSegment(segments[i - 1]));
  });
  for (const [name, value] of url.searchParams) {
    index.whole.add(value);
    if (isIdName(name)) {
      index.idPlaces.add(value);
      addKind(index, value, resourceOfField(name));
    }
  }
}

const looksLikeUrl = (text: string) => /^(https?:\/\/|\/|\?)\S*$/i.test(text);

function addString(index: ValueIndex, text: string, atId: boolean, prose: string[], kind?: string): void {
  index.whole.add(text);
  if (atId) index.idPlaces.add(text);
  if (atId) addKind(index, text, kind);
  prose.push(text);
  if (looksLikeUrl(text)) indexUrl(index, text);
  for (const token of text.split(/[^A-Za-z0-9_-]+/)) if (token) index.tokens.add(token);
  for (const chunk of text.split(/[\s"'`<>(),;]+/)) {
    const trimmed = chunk.replace(/[.:!?]+$/, '');
    if (trimmed) index.tokens.add(trimmed);
  }
}

/** Walks a JSON value; `kind` is the resource whose id stands here (for an id place), `resource` the body's own (an `id` field's). */
function walk(
  index: ValueIndex,
  value: unknown,
  atId: boolean,
  prose: string[],
  depth: number,
  kind: string | undefined,
  resource: string | undefined,
): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') addString(index, value, atId, prose, kind);
  else if (typeof value === 'number' && atId) {
    index.idPlaces.add(String(value));
    addKind(index, String(value), kind);
  } else if (Array.isArray(value)) for (const item of value) walk(index, item, atId, prose, depth + 1, kind, resource);
  else if (value && typeof value === 'object')
    for (const [name, inner] of Object.entries(value))
      walk(index, inner, isIdName(name), prose, depth + 1, /^id$/i.test(name) ? resource : resourceOfField(name), resource);
}

/** An empty index. */
export const emptyIndex = (): ValueIndex => ({ whole: new Set(), idPlaces: new Set(), idKinds: new Map(), tokens: new Set(), prose: '' });

/** The values of a text: a JSON body walked value by value (an `id` field holding an id of `resource`, the answer's own); any other text read as prose. */
export function indexText(text: string, resource?: string): ValueIndex {
  const index = emptyIndex();
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const prose: string[] = [];
  if (json === undefined) addString(index, text, false, prose);
  else walk(index, json, false, prose, 0, undefined, resource);
  index.prose = prose.join('\n');
  return index;
}
