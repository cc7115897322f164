// A deployment whose ids are serial numbers, as a database sequence hands
// them out: "1", "2", ... "20". The proxy maps every id the mock makes
// (workspaces, buckets, files, uploads, automations, suggestions, jobs, runs,
// shares, transfers) to the next number the first time it shows, the same
// number ever after, and back again in request paths, in id parameters of
// queries and in the id fields of request bodies. Workspaces and buckets are
// numbered first, so a config can name them. With `asNumbers`, ids in id
// fields of answers are JSON numbers.
// With `perKind`, each kind counts on its own (a SQL serial per table): a
// file, a share and a suggestion can all be "3", and so can a bucket; an id
// in a request is read back by where it stands (the path segment after
// `files`, a field named `fileId`).
import type { ProxyRequest, ProxyResponse, Rule } from './loopback-proxy.ts';
import type { IdWorld } from './odd-ids.ts';
import { isJsonType, parseJson } from './rule-json.ts';

/** The mock's ids: a kind, `_`, and hex. */
const MOCK_ID = /\b(?:ws|bkt|file|upl|aut|sug|job|run|shr|trf)_[0-9a-f]{6,}\b/g;
const EXACT_ID = new RegExp(`^${MOCK_ID.source}$`);
/** Body fields that hold ids: `id`, `…Id`, `…Ids`, and the trash's `restore` and `purge` lists. */
const ID_FIELD = /^(id|restore|purge)$|(Id|Ids)$/;
/** The kind of id a request body field holds, by its name (`id` alone says no kind). */
const KIND_OF_FIELD: [RegExp, string][] = [
  [/^workspaceIds?$/, 'ws'],
  [/^bucketIds?$/, 'bkt'],
  [/^(fileIds?|restore|purge)$/, 'file'],
  [/^uploadIds?$/, 'upl'],
  [/^automationIds?$/, 'aut'],
  [/^suggestionIds?$/, 'sug'],
  [/^jobIds?$/, 'job'],
  [/^runIds?$/, 'run'],
  [/^shareIds?$/, 'shr'],
  [/^transferIds?$/, 'trf'],
];
/** The kind of id a path segment holds, by the segment before it. */
const KIND_AFTER_SEGMENT: Record<string, string> = {
  workspaces: 'ws',
  buckets: 'bkt',
  files: 'file',
  __uploads: 'upl',
  __downloads: 'file',
  automations: 'aut',
  suggestions: 'sug',
  shares: 'shr',
  transfers: 'trf',
};
/** Kinds tried, in order, for an id whose place names no kind. */
const FALLBACK_KINDS = ['file', 'upl', 'sug', 'aut', 'shr', 'trf', 'job', 'run', 'bkt', 'ws'];
/** A path segment as a route names it: decoded, in lower case (a server may match routes either way). */
function nameOf(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
const kindOfField = (name: string): string | undefined => KIND_OF_FIELD.find(([pattern]) => pattern.test(name))?.[1];
/** How deep a body is mapped: a deeper one (a robustness probe's nesting) passes as it came. */
const MAX_DEPTH = 64;

/** The JSON text of a value, or undefined for one too deep to write (it is passed on as it came). */
function stringified(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

export interface SerialIds {
  /** Real id → the serial clients see (the workspaces and buckets of the world). */
  publicOf: Map<string, string>;
  rule: Rule;
}

/** Numbers the world's workspaces and buckets, then everything else as it shows; `mockOrigin` is replaced by the proxy's in answers. */
export function serialIds(world: IdWorld, mockOrigin: string, options: { asNumbers?: boolean; perKind?: boolean } = {}): SerialIds {
  const serials = new Map<string, string>();
  /** Serial → real id, per kind (one kind, '', when every kind shares one sequence). */
  const reals = new Map<string, Map<string, string>>();
  const kindOf = (id: string) => (options.perKind ? id.slice(0, id.indexOf('_')) : '');
  const realsOf = (kind: string) => reals.get(kind) ?? reals.set(kind, new Map()).get(kind)!;
  const serialOf = (id: string): string => {
    let serial = serials.get(id);
    if (serial === undefined) {
      const sequence = realsOf(kindOf(id));
      serial = String(sequence.size + 1);
      serials.set(id, serial);
      sequence.set(serial, id);
    }
    return serial;
  };
  /** The real id of a serial where a `kind` stands (undefined: the place names none), or undefined for no such id. */
  const realOf = (serial: string, kind?: string): string | undefined => {
    if (!options.perKind) return reals.get('')?.get(serial);
    for (const k of kind ? [kind] : FALLBACK_KINDS) {
      const real = reals.get(k)?.get(serial);
      if (real !== undefined) return real;
    }
    return undefined;
  };
  for (const w of world.workspaces) [w.id, ...w.buckets].forEach(serialOf);
  const publicOf = new Map(serials);

  /**
   * Per shape of a path the proxy handed out (its ids as `#`, its names in lower case), the kind of each id segment:
   * a URL it made is read back as it was made, whatever segment an id follows (`/__uploads/{bucket}/{upload}`).
   */
  const shapes = new Map<string, (string | undefined)[]>();
  const shapeOf = (segments: string[], isId: (segment: string) => boolean) =>
    segments.map((segment) => (isId(segment) ? '#' : segment.toLowerCase())).join('/');
  const remember = (text: string) => {
    if (!options.perKind || !text.includes('/')) return;
    const segments = text
      .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
      .split(/[?#]/)[0]
      .split('/');
    if (!segments.some((segment) => EXACT_ID.test(segment))) return;
    const kinds = segments.map((segment) => (EXACT_ID.test(segment) ? kindOf(segment) : undefined));
    shapes.set(
      shapeOf(segments, (segment) => EXACT_ID.test(segment)),
      kinds,
    );
  };
  const mapText = (text: string, origin: string) => {
    remember(text);
    return text.replace(MOCK_ID, serialOf).split(mockOrigin).join(origin);
  };
  const toPublic = (value: unknown, idField: boolean, origin: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (typeof value === 'string') {
      if (options.asNumbers && idField && EXACT_ID.test(value)) return Number(serialOf(value));
      return mapText(value, origin);
    }
    if (Array.isArray(value)) return value.map((v) => toPublic(v, idField, origin, depth + 1));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPublic(v, ID_FIELD.test(k), origin, depth + 1)]));
    return value;
  };
  /** `field`: the name of the id field the value stands at, or undefined outside id fields. */
  const toReal = (value: unknown, field: string | undefined, depth: number): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (field !== undefined && (typeof value === 'string' || typeof value === 'number'))
      return realOf(String(value), kindOfField(field)) ?? value;
    if (Array.isArray(value)) return value.map((v) => toReal(v, field, depth + 1));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toReal(v, ID_FIELD.test(k) ? k : undefined, depth + 1)]));
    return value;
  };

  /** A query's id parameters (`bucketId=7`, by the same names as body fields) mapped; every other byte as it came. */
  const mapQuery = (query: string): string =>
    query
      .split('&')
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at < 0) return pair;
        let name: string;
        try {
          name = decodeURIComponent(pair.slice(0, at));
        } catch {
          return pair;
        }
        const value = pair.slice(at + 1);
        const real = ID_FIELD.test(name) && /^\d+$/.test(value) ? realOf(value, kindOfField(name)) : undefined;
        return real === undefined ? pair : `${pair.slice(0, at)}=${encodeURIComponent(real)}`;
      })
      .join('&');

  const mapRequest = (request: ProxyRequest): ProxyRequest => {
    const [path, ...query] = request.url.split('?');
    const segments = path.split('/');
    const isSerial = (segment: string) => /^\d+$/.test(segment);
    const made = shapes.get(shapeOf(segments, isSerial));
    const realPath = segments
      .map((segment, i) => {
        const kind = made?.[i] ?? KIND_AFTER_SEGMENT[nameOf(segments[i - 1] ?? '')];
        const real = isSerial(segment) ? realOf(segment, kind) : undefined;
        return real === undefined ? segment : encodeURIComponent(real);
      })
      .join('/');
    const url = [realPath, ...(query.length ? [mapQuery(query.join('?'))] : [])].join('?');
    const body = isJsonType(request.headers['content-type']) ? parseJson(request.body) : undefined;
    const mapped = body === undefined ? undefined : stringified(toReal(body, undefined, 0));
    // A body with no id to map goes on byte for byte (a robustness probe's duplicate keys and spacing included).
    return mapped === undefined || mapped === stringified(body) ? { ...request, url } : { ...request, url, body: Buffer.from(mapped) };
  };

  const mapAnswer = (answer: ProxyResponse, origin: string): ProxyResponse => {
    const headers = { ...answer.headers };
    for (const name of ['location', 'content-location', 'link']) if (headers[name]) headers[name] = mapText(headers[name], origin);
    const body = isJsonType(headers['content-type']) ? parseJson(answer.body) : undefined;
    const mapped = body === undefined ? undefined : stringified(toPublic(body, false, origin, 0));
    return mapped === undefined || mapped === stringified(body)
      ? { ...answer, headers }
      : { ...answer, headers, body: Buffer.from(mapped) };
  };

  return {
    publicOf,
    rule: async (request, forward) => mapAnswer(await forward(mapRequest(request)), `http://${request.headers.host}`),
  };
}
