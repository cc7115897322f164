// Reads a route's JSON request body: content type, size limit, parse, schema.
// Every client mistake is a 4xx, tagged with why; nothing here throws.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { MockRequest, MockResponse } from './types.ts';
import { badRequest, tooLarge, validationFailed } from './problems.ts';

/** JSON bodies above this are refused 413 (G15). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a body was refused. */
export type BodyProblem = 'missing' | 'content-type' | 'too-large' | 'malformed' | 'schema';

export type BodyResult = { value: unknown } | { refusal: MockResponse; problem: BodyProblem };

/** Whether a Content-Type names JSON (`application/json` or `application/*+json`). */
export function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Parses and checks the body; `value` is undefined when an optional body is absent. */
export function readJsonBody(route: Route, request: MockRequest, validator: SchemaValidator, maxBytes = MAX_JSON_BODY_BYTES): BodyResult {
  const spec = route.requestBody;
  if (!spec) return { value: undefined };
  const bytes = request.body;
  if (!request.bodyTruncated && (!bytes || bytes.length === 0)) {
    if (!spec.required) return { value: undefined };
    const refusal = badRequest('This operation needs a JSON body (Content-Type: application/json).', [
      { location: 'body', field: '', message: 'is required' },
    ]);
    return { refusal, problem: 'missing' };
  }
  if (!isJsonType(request.headers['content-type'])) {
    const refusal = badRequest('Send the body as JSON with Content-Type: application/json.', [
      { location: 'header', field: 'content-type', message: 'must be application/json' },
    ]);
    return { refusal, problem: 'content-type' };
  }
  if (request.bodyTruncated || !bytes || bytes.length > maxBytes)
    return { refusal: tooLarge('The request body exceeds 1 MiB.'), problem: 'too-large' };
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch (error) {
    const message = error instanceof SyntaxError ? error.message : 'is not valid UTF-8';
    return { refusal: badRequest('The body is not valid JSON.', [{ location: 'body', field: '', message }]), problem: 'malformed' };
  }
  const errors = validator.validateRequestBody(route, value, bytes.length);
  if (errors.length > 0) return { refusal: validationFailed(errors), problem: 'schema' };
  return { value };
}
