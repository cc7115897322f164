// A deployment whose ids are serial numbers, as a database sequence hands
// them out: "1", "2", ... "20". The proxy maps every id the mock makes
// (workspaces, buckets, files, uploads, automations, suggestions, jobs, runs,
// shares, transfers) to the next number the first time it shows, the same
// number ever after, and back again in request paths and in the id fields of
// request bodies. Workspaces and buckets are numbered first, so a config can
// name them. With `asNumbers`, ids in id fields of answers are JSON numbers.
import type { ProxyRequest, ProxyResponse, Rule } from './loopback-proxy.ts';
import type { IdWorld } from './odd-ids.ts';
import { isJsonType, parseJson } from './rule-json.ts';

/** The mock's ids: a kind, `_`, and hex. */
const MOCK_ID = /\b(?:ws|bkt|file|upl|aut|sug|job|run|shr|trf)_[0-9a-f]{6,}\b/g;
const EXACT_ID = new RegExp(`^${MOCK_ID.source}$`);
/** Body fields that hold ids: `id`, `…Id`, `…Ids`, and the trash's `restore` and `purge` lists. */
const ID_FIELD = /^(id|restore|purge)$|(Id|Ids)$/;
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
export function serialIds(world: IdWorld, mockOrigin: string, options: { asNumbers?: boolean } = {}): SerialIds {
  const serials = new Map<string, string>();
  const reals = new Map<string, string>();
  const serialOf = (id: string): string => {
    let serial = serials.get(id);
    if (serial === undefined) {
      serial = String(serials.size + 1);
      serials.set(id, serial);
      reals.set(serial, id);
    }
    return serial;
  };
  for (const w of world.workspaces) [w.id, ...w.buckets].forEach(serialOf);
  const publicOf = new Map(serials);

  const mapText = (text: string, origin: string) => text.replace(MOCK_ID, serialOf).split(mockOrigin).join(origin);
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
  const toReal = (value: unknown, idField: boolean, depth: number): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (idField && (typeof value === 'string' || typeof value === 'number')) return reals.get(String(value)) ?? value;
    if (Array.isArray(value)) return value.map((v) => toReal(v, idField, depth + 1));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toReal(v, ID_FIELD.test(k), depth + 1)]));
    return value;
  };

  const mapRequest = (request: ProxyRequest): ProxyRequest => {
    const [path, ...query] = request.url.split('?');
    const realPath = path
      .split('/')
      .map((segment) => (/^\d+$/.test(segment) && reals.has(segment) ? encodeURIComponent(reals.get(segment)!) : segment))
      .join('/');
    const url = [realPath, ...query].join('?');
    const body = isJsonType(request.headers['content-type']) ? parseJson(request.body) : undefined;
    const mapped = body === undefined ? undefined : stringified(toReal(body, false, 0));
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
