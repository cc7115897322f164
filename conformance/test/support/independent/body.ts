// Reads the JSON body of a write: JSON content types only, an object, valid
// against the contract's request schema. Unlike the contract (G01), fields the
// schema does not name are dropped rather than refused, as lenient servers do;
// every other mistake is a 400 naming the fields.
import { loadSchemaValidator } from '../../../../openapi/contract/load-spec.ts';
import type { Route } from '../../../../openapi/contract/route-table.ts';
import { badRequest } from './answers.ts';
import type { Answer, Incoming } from './types.ts';

export interface ReadBody {
  /** The body with unknown fields dropped. */
  json: Record<string, unknown>;
  /** The body as sent. */
  sent: Record<string, unknown>;
}

const UNKNOWN = 'is not a known field';

/** Whether a content type names JSON (`application/json`, `application/problem+json`, ...). */
export const isJsonType = (type: string | undefined): boolean => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type ?? '');

/** Deletes the value at a JSON pointer, when there is one. */
function dropAt(value: unknown, pointer: string): void {
  const path = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = path.pop();
  let node = value as Record<string, unknown> | undefined;
  for (const step of path) node = node?.[step] as Record<string, unknown> | undefined;
  if (node && typeof node === 'object' && last !== undefined) delete node[last];
}

/** Parses JSON from bytes; any JSON type may come out. */
export function parseJson(bytes: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return undefined;
  }
}

/** Validates a parsed body against the route's schema, dropping unknown fields first; an answer when it is refused. */
export function checkBody(route: Route, value: unknown, bytes: number): ReadBody | Answer {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return badRequest('The body must be a JSON object.');
  const sent = value as Record<string, unknown>;
  const json = structuredClone(sent);
  const validator = loadSchemaValidator();
  for (let round = 0; round < 4; round++) {
    const errors = validator.validateRequestBody(route, json, bytes);
    if (errors.length === 0) return { json, sent };
    const unknown = errors.filter((e) => e.message === UNKNOWN);
    if (unknown.length < errors.length || round === 3)
      return badRequest(
        'The body is not valid.',
        errors.filter((e) => e.message !== UNKNOWN).map((e) => ({ field: e.field, message: e.message })),
      );
    for (const e of unknown) dropAt(json, e.field);
  }
  return badRequest('The body is not valid.');
}

/** Reads a write's body: a JSON content type (an empty optional body counts as `{}`), then `checkBody`. */
export function readBody(request: Incoming, route: Route): ReadBody | Answer {
  const type = request.headers['content-type'];
  if (request.body.length === 0 && !route.requestBody?.required && !type) return checkBody(route, {}, 0);
  if (!isJsonType(type)) return badRequest('Send the body as application/json.');
  const parsed = parseJson(request.body);
  if (!parsed) return badRequest('The body is not valid JSON.');
  return checkBody(route, parsed.value, request.body.length);
}

/** Whether a value is an answer rather than a read body. */
export const isAnswer = (value: ReadBody | Answer): value is Answer => 'status' in value;
