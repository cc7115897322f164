// The mock's control API under /__mock (no key needed): mint keys, reset the
// world, describe the seeded ids, switch planted faults.
import type { MockRequest, MockResponse } from './types.ts';
import type { KeySpec } from './key-store.ts';
import { badRequest, jsonResponse, notFound, problem, tooLarge } from './problems.ts';
import { FAULT_CATALOG } from '../faults/fault-catalog.ts';

export interface ControlTarget {
  knownScopes: readonly string[];
  /** Whether a bucket of that id exists in the current world. */
  bucketExists(id: string): boolean;
  mintKey(spec: KeySpec): string;
  reset(): void;
  info(request: MockRequest): unknown;
  setFaults(names: readonly string[]): void;
  activeFaults(): string[];
}

const ROUTES: Record<string, string> = {
  '/__mock/keys': 'POST',
  '/__mock/reset': 'POST',
  '/__mock/info': 'GET',
  '/__mock/faults': 'GET, POST',
};
const FIELDS: Record<string, readonly string[]> = { 'POST /__mock/keys': ['scopes', 'bucketIds'], 'POST /__mock/faults': ['faults'] };

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
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string'))
    return badRequest('scopes must be an array of scope names.', [
      { location: 'body', field: '/scopes', message: 'must be an array of strings' },
    ]);
  const unknown = scopes.filter((s) => !target.knownScopes.includes(s));
  if (unknown.length > 0)
    return badRequest(`Unknown scope ${unknown.join(', ')}. Known scopes: ${target.knownScopes.join(', ')}.`, [
      { location: 'body', field: '/scopes', message: 'names an unknown scope' },
    ]);
  if (bucketIds !== null && (!Array.isArray(bucketIds) || bucketIds.some((b) => typeof b !== 'string'))) {
    return badRequest('bucketIds must be null (every bucket) or an array of bucket ids.', [
      { location: 'body', field: '/bucketIds', message: 'must be null or an array of strings' },
    ]);
  }
  // A typo in a bucket id would give a key that is refused everywhere, with no hint why.
  const absent = ((bucketIds as string[] | null) ?? []).filter((id) => !target.bucketExists(id));
  if (absent.length > 0)
    return badRequest(`No bucket ${absent.join(', ')} in the mock's world; GET /__mock/info lists the bucket ids.`, [
      { location: 'body', field: '/bucketIds', message: 'names a bucket that does not exist' },
    ]);
  return jsonResponse(201, { token: target.mintKey({ scopes, bucketIds: bucketIds as string[] | null }) });
}

/** Answers a request under /__mock. */
export function handleControl(target: ControlTarget, request: MockRequest): MockResponse {
  const allowed = ROUTES[request.path];
  if (!allowed) return notFound(`No control route ${request.path}. Control routes: ${Object.keys(ROUTES).join(', ')}.`);
  if (!allowed.split(', ').includes(request.method))
    return problem(405, 'method_not_allowed', `Use ${allowed} on ${request.path}.`, { headers: { Allow: allowed } });
  const body = readObject(request);
  if ('refusal' in body) return body.refusal;
  const { fields } = body;
  const extra = unknownFields(fields, FIELDS[`${request.method} ${request.path}`] ?? []);
  if (extra) return extra;
  switch (`${request.method} ${request.path}`) {
    case 'POST /__mock/keys':
      return mintKey(target, fields);
    case 'POST /__mock/reset':
      target.reset();
      return jsonResponse(200, { reset: true });
    case 'GET /__mock/info':
      return jsonResponse(200, target.info(request));
    case 'GET /__mock/faults':
      return jsonResponse(200, { faults: target.activeFaults(), catalog: FAULT_CATALOG });
    default: {
      const names = fields.faults;
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) return badRequest('Send {"faults": [names]}; [] clears them.');
      try {
        target.setFaults(names);
      } catch (error) {
        return badRequest((error as Error).message);
      }
      return jsonResponse(200, { faults: target.activeFaults() });
    }
  }
}
