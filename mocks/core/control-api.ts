// The mock's control API under /__mock (no key needed): mint keys, reset the
// world, describe the seeded ids. The app that assembles the mock may add
// routes of its own; every route names the body fields it takes.
import type { MockRequest, MockResponse } from './types.ts';
import { KEY_NAME, type KeySpec } from './key-store.ts';
import { badRequest, conflict, jsonResponse, notFound, problem, tooLarge } from './problems.ts';
import { isChosenToken } from './bearer-token.ts';

/** One control route: method, path, the body fields it takes, and its answer. */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  fields: readonly string[];
  answer(fields: Record<string, unknown>, request: MockRequest): MockResponse | Promise<MockResponse>;
}

/** What the core control routes act on. */
export interface ControlTarget {
  knownScopes: readonly string[];
  /** Whether a bucket of that id exists in the current world. */
  bucketExists(id: string): boolean;
  mintKey(spec: KeySpec, token?: string): string;
  /** Whether a token is taken already (by a preset or minted key). */
  tokenTaken(token: string): boolean;
  /** Settles once the seeded world is back (a large world is rebuilt in slices). */
  reset(): void | Promise<void>;
  info(request: MockRequest): unknown;
}

function readObject(request: MockRequest): { fields: Record<string, unknown> } | { refusal: MockResponse } {
  if (request.bodyTruncated) return { refusal: tooLarge('A control request body must stay under 1 MiB.') };
  if (!request.body || request.body.length === 0) return { fields: {} };
  try {
    const value = JSON.parse(new TextDecoder().decode(request.body));
    if (value && typeof value === 'object' && !Array.isArray(value)) return { fields: value };
  } catch {
    // Answered below.
  }
  return { refusal: badRequest('The body must be a JSON object.') };
}

/** A 400 naming the fields a control route does not know, so a typo is not silently dropped. */
function unknownFields(fields: Record<string, unknown>, known: readonly string[]): MockResponse | undefined {
  const extra = Object.keys(fields).filter((name) => !known.includes(name));
  if (extra.length === 0) return undefined;
  return badRequest(
    `Unknown field ${extra.join(', ')}; this route takes ${known.join(', ') || 'no body'}.`,
    extra.map((name) => ({ location: 'body' as const, field: `/${name}`, message: 'is not a known field' })),
  );
}

function mintKey(target: ControlTarget, body: Record<string, unknown>): MockResponse {
  const { scopes, bucketIds = null } = body;
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string')) {
    return badRequest('scopes must be an array of scope names.', [
      { location: 'body', field: '/scopes', message: 'must be an array of strings' },
    ]);
  }
  const unknown = scopes.filter((s) => !target.knownScopes.includes(s));
  if (unknown.length > 0) {
    return badRequest(`Unknown scope ${unknown.join(', ')}. Known scopes: ${target.knownScopes.join(', ')}.`, [
      { location: 'body', field: '/scopes', message: 'names an unknown scope' },
    ]);
  }
  if (bucketIds !== null && (!Array.isArray(bucketIds) || bucketIds.some((b) => typeof b !== 'string'))) {
    return badRequest('bucketIds must be null (every bucket) or an array of bucket ids.', [
      { location: 'body', field: '/bucketIds', message: 'must be null or an array of strings' },
    ]);
  }
  // A typo in a bucket id would give a key that is refused everywhere, with no hint why.
  const absent = ((bucketIds as string[] | null) ?? []).filter((id) => !target.bucketExists(id));
  if (absent.length > 0) {
    return badRequest(`No bucket ${absent.join(', ')} in the mock's world; GET /__mock/info lists the bucket ids.`, [
      { location: 'body', field: '/bucketIds', message: 'names a bucket that does not exist' },
    ]);
  }
  const { token } = body;
  // A chosen token must be a bearer token (RFC 6750 b64token, trailing '=' padding allowed) of 16 to 128 characters.
  if (token !== undefined && (typeof token !== 'string' || !isChosenToken(token))) {
    return badRequest(
      'token, when given, must be 16 to 128 characters of A-Z a-z 0-9 - . _ ~ + /, optionally ending in = (a bearer token).',
      [{ location: 'body', field: '/token', message: 'must be a bearer token of 16 to 128 characters' }],
    );
  }
  if (token !== undefined && target.tokenTaken(token)) return conflict('That token is taken by another key of this mock; choose another.');
  const { name } = body;
  if (name !== undefined && (typeof name !== 'string' || !KEY_NAME.test(name))) {
    return badRequest('name, when given, must be 1 to 64 letters, digits, spaces or . _ : @ - (the name the request log shows).', [
      { location: 'body', field: '/name', message: 'must be a key name of 1 to 64 characters' },
    ]);
  }
  const spec: KeySpec = { scopes, bucketIds: bucketIds as string[] | null, ...(name === undefined ? {} : { name }) };
  return jsonResponse(201, { token: target.mintKey(spec, token) });
}

/** The core control routes: keys, reset, info. */
export function coreControlRoutes(target: ControlTarget): ControlRoute[] {
  return [
    { method: 'POST', path: '/__mock/keys', fields: ['scopes', 'bucketIds', 'token', 'name'], answer: (fields) => mintKey(target, fields) },
    {
      method: 'POST',
      path: '/__mock/reset',
      fields: [],
      answer: async () => {
        await target.reset();
        return jsonResponse(200, { reset: true });
      },
    },
    { method: 'GET', path: '/__mock/info', fields: [], answer: (_fields, request) => jsonResponse(200, target.info(request)) },
  ];
}

/** Answers a request under /__mock from the given routes. */
export function handleControl(routes: readonly ControlRoute[], request: MockRequest): MockResponse | Promise<MockResponse> {
  const atPath = routes.filter((r) => r.path === request.path);
  if (atPath.length === 0) {
    const paths = [...new Set(routes.map((r) => r.path))];
    return notFound(`No control route ${request.path}. Control routes: ${paths.join(', ')}.`);
  }
  const route = atPath.find((r) => r.method === request.method);
  const allowed = atPath.map((r) => r.method).join(', ');
  if (!route) return problem(405, 'method_not_allowed', `Use ${allowed} on ${request.path}.`, { headers: { Allow: allowed } });
  const body = readObject(request);
  if ('refusal' in body) return body.refusal;
  return unknownFields(body.fields, route.fields) ?? route.answer(body.fields, request);
}
