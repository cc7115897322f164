// A deployment whose workspace and bucket ids hold ':', '.', '~', '@', '+', a
// space and non-ASCII letters. The proxy maps these public ids to the mock's
// real ids in request paths (percent-decoded) and JSON request bodies, and the
// real ids back to public ones everywhere in JSON answers and in Location; a
// path naming a real id is 404, as the deployment knows only its public ids.
import type { ProxyRequest, ProxyResponse, Rule } from './loopback-proxy.ts';
import { isJsonType, parseJson, problemAnswer } from './rule-json.ts';

/** The seeded world's ids, as GET /__mock/info lists them. */
export interface IdWorld {
  workspaces: { id: string; buckets: string[] }[];
}

/** The public id of the n-th workspace (from 1): `ws:α.β~n@x+y z`. */
export const oddWorkspaceId = (n: number): string => `ws:α.β~${n}@x+y z`;
/** The public id of the n-th bucket of the world (from 1): `bkt:Ünï.cødé~n@a+b c`. */
export const oddBucketId = (n: number): string => `bkt:Ünï.cødé~${n}@a+b c`;

/** Real id → public id for every workspace and bucket of the world. */
export function oddPublicIds(world: IdWorld): Map<string, string> {
  const map = new Map<string, string>();
  let bucket = 0;
  world.workspaces.forEach((w, i) => {
    map.set(w.id, oddWorkspaceId(i + 1));
    for (const b of w.buckets) map.set(b, oddBucketId(++bucket));
  });
  return map;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Every string of a JSON value passed through `map`; the same object when nothing changed. */
/** How deep a body's strings are mapped: a deeper body (a robustness probe's nesting) is passed on as it came. */
const MAX_DEPTH = 64;

function mapStrings(value: unknown, map: (text: string) => string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) {
    const next = value.map((v) => mapStrings(v, map, depth + 1));
    return next.some((v, i) => v !== value[i]) ? next : value;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, mapStrings(v, map, depth + 1)] as const);
    return entries.some(([k, v]) => v !== (value as Record<string, unknown>)[k]) ? Object.fromEntries(entries) : value;
  }
  return value;
}

/** Serves the API under public ids: `realToPublic` maps each of the mock's ids to the id clients see. */
export function mapIds(realToPublic: ReadonlyMap<string, string>): Rule {
  const publicToReal = new Map([...realToPublic].map(([real, pub]) => [pub, real]));
  const reals = [...realToPublic.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const anyReal = reals.length > 0 ? new RegExp(reals.join('|'), 'g') : /$^/g;
  // Inside a URL or path the public id is percent-encoded (it holds a space); in prose it is written as it is.
  const toPublic = (text: string): string => {
    if (realToPublic.has(text)) return realToPublic.get(text)!;
    const inUrl = text.startsWith('/') || text.includes('://');
    return text.replace(anyReal, (real) => (inUrl ? encodeURIComponent(realToPublic.get(real)!) : realToPublic.get(real)!));
  };
  const toReal = (text: string): string => publicToReal.get(text) ?? text;

  /** The request in real ids, or undefined when its path names a real id (which the deployment does not know). */
  const mapRequest = (request: ProxyRequest): ProxyRequest | undefined => {
    const [path, ...query] = request.url.split('?');
    const segments = path.split('/').map(safeDecode);
    if (segments.some((segment) => realToPublic.has(segment))) return undefined;
    const realPath = path
      .split('/')
      .map((segment, i) => {
        const real = publicToReal.get(segments[i]);
        return real === undefined ? segment : encodeURIComponent(real);
      })
      .join('/');
    // Query values that are public ids (`?bucketId=`, `?fileId=`) are the deployment's ids as well; other parts keep their raw bytes.
    const realQuery = query
      .join('?')
      .split('&')
      .map((part) => {
        const at = part.indexOf('=');
        const real = at < 0 ? undefined : publicToReal.get(safeDecode(part.slice(at + 1).replace(/\+/g, ' ')));
        return real === undefined ? part : `${part.slice(0, at + 1)}${encodeURIComponent(real)}`;
      })
      .join('&');
    const url = query.length > 0 ? `${realPath}?${realQuery}` : realPath;
    if (!isJsonType(request.headers['content-type'])) return { ...request, url };
    const body = parseJson(request.body);
    const mapped = body === undefined ? body : mapStrings(body, toReal);
    return { ...request, url, body: mapped === body ? request.body : Buffer.from(JSON.stringify(mapped)) };
  };

  const mapAnswer = (answer: ProxyResponse): ProxyResponse => {
    const headers = { ...answer.headers };
    for (const name of ['location', 'content-location', 'link']) if (headers[name]) headers[name] = toPublic(headers[name]);
    if (!isJsonType(headers['content-type'])) return { ...answer, headers };
    const body = parseJson(answer.body);
    const mapped = body === undefined ? body : mapStrings(body, toPublic);
    return { ...answer, headers, body: mapped === body ? answer.body : Buffer.from(JSON.stringify(mapped)) };
  };

  return async (request, forward) => {
    const mapped = mapRequest(request);
    if (!mapped) return problemAnswer(404, 'not_found', 'No such workspace or bucket.');
    return mapAnswer(await forward(mapped));
  };
}
