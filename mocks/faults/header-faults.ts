// Planted faults of the headers a server trusts or negotiates on, and of state
// it keeps between requests: a client-address header naming the server's own
// network, a CSV export, a conditional read, an API key in X-API-Key, and a
// short answer cache keyed by the URL alone. Each wraps the authentication
// step (and the last touch on the answer), as a gateway in front of the API
// would.
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { Caller } from '../core/access-rules.ts';
import type { WorldStore } from '../store/world-store.ts';
import { jsonOf, patchSteps, type FaultDefinition } from './plant.ts';
import { unrestricted } from './bucket-faults.ts';

/** The client-address headers a proxy sets, by the lower-case names the core hands over. */
const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'x-client-ip', 'client-ip', 'true-client-ip'];

/** Whether an address is loopback or private (RFC 1918, IPv6 loopback and unique local). */
const internal = (address: string): boolean =>
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd][0-9a-f]{2}:|localhost$)/i.test(address.trim());

/** The client addresses a request names: each header's first (client) hop, and Forwarded's `for=` nodes. */
function namedAddresses(headers: Record<string, string>): string[] {
  const hops = ADDRESS_HEADERS.flatMap((name) => (headers[name] === undefined ? [] : [headers[name].split(',')[0]]));
  const forwarded = [...(headers.forwarded ?? '').matchAll(/for="?\[?([^\]";,]+)/gi)].map((m) => m[1]);
  return [...hops, ...forwarded];
}

const wantsCsv = (request: MockRequest): boolean => request.method === 'GET' && /\btext\/csv\b/i.test(request.headers.accept ?? '');

/** A JSON listing's items as CSV: one column per field of the first item. */
function asCsv(response: MockResponse): MockResponse {
  const items = (jsonOf(response) as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(items) || items.length === 0 || typeof items[0] !== 'object' || items[0] === null) return response;
  const columns = Object.keys(items[0] as object);
  const cell = (value: unknown) => `"${(typeof value === 'string' ? value : JSON.stringify(value ?? '')).replace(/"/g, '""')}"`;
  const rows = items.map((item) => columns.map((c) => cell((item as Record<string, unknown>)[c])).join(','));
  return { ...response, headers: { ...response.headers, 'Content-Type': 'text/csv' }, body: [columns.join(','), ...rows].join('\n') };
}

/** How long the answer cache keeps an answer. */
const CACHE_TTL_MS = 2000;

export const HEADER_FAULTS = [
  {
    name: 'forwarded-for-loopback-skips-auth',
    description:
      'A request whose X-Forwarded-For, X-Real-IP, X-Client-IP, Client-IP, True-Client-IP or Forwarded: for= names a loopback or private address is served as an internal caller (every scope, every bucket), with or without a key.',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          if (!namedAddresses(request.headers).some(internal)) return s.authenticate(request, query);
          const caller: Caller = { key: { name: 'internal', scopes: new Set(deps.knownScopes), bucketIds: null }, token: '' };
          return caller;
        },
      })),
  },
  {
    name: 'accept-csv-skips-bucket-limits',
    description:
      "A GET asking for text/csv (Accept) is answered by an export path that forgets the key's bucketIds: any bucket of the workspace, its listing as CSV.",
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          return wantsCsv(request) && !('refusal' in result) ? unrestricted(result) : result;
        },
        finish: (response, request) => s.finish(wantsCsv(request) && response.status === 200 ? asCsv(response) : response, request),
      })),
  },
  {
    name: 'if-none-match-304-before-auth',
    description: 'A GET with If-None-Match: * or an If-Modified-Since date to come is answered 304 Not Modified before its key is checked.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const since = Date.parse(request.headers['if-modified-since'] ?? '');
          const unchanged = request.headers['if-none-match']?.trim() === '*' || since > Date.now();
          return request.method === 'GET' && unchanged ? { refusal: { status: 304, headers: {} } } : s.authenticate(request, query);
        },
      })),
  },
  {
    name: 'api-key-header-accepted',
    description:
      'A key in an X-API-Key header is read first, before Authorization: it is served alone, and it takes the place of the key in Authorization.',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const token = request.headers['x-api-key']?.trim();
          const key = token ? deps.keys.lookup(token) : undefined;
          return key && token ? { key, token } : s.authenticate(request, query);
        },
      })),
  },
  {
    name: 'answer-cache-ignores-key',
    description: `A GET's 2xx answer is kept ${CACHE_TTL_MS / 1000} s by method and URL and given to the next GET of that URL, whatever its key (or none); a write empties the cache.`,
    plant: (c, deps) => {
      // One cache per store: a reset of the world starts an empty one.
      const caches = new WeakMap<WorldStore, Map<string, { at: number; answer: MockResponse }>>();
      const cacheOf = () => {
        const store = deps.env.store;
        const found = caches.get(store) ?? new Map<string, { at: number; answer: MockResponse }>();
        caches.set(store, found);
        return found;
      };
      const cached = new WeakSet<MockRequest>();
      const urlOf = (request: MockRequest) => `${request.method} ${request.path}?${request.query}`;
      return patchSteps(c, (s) => ({
        authenticate(request, query) {
          const cache = cacheOf();
          if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
          const hit = request.method === 'GET' ? cache.get(urlOf(request)) : undefined;
          if (!hit || performance.now() - hit.at > CACHE_TTL_MS) return s.authenticate(request, query);
          cached.add(request);
          return { refusal: hit.answer };
        },
        finish(response, request) {
          const answer = s.finish(response, request);
          if (request.method === 'GET' && answer.status >= 200 && answer.status < 300 && !cached.has(request))
            cacheOf().set(urlOf(request), { at: performance.now(), answer });
          return answer;
        },
      }));
    },
  },
] as const satisfies readonly FaultDefinition[];
