// Reads a route's JSON request body: content type, size limit, parse, schema.
// Every client mistake is a 4xx; nothing here throws.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { FaultSwitches } from '../faults/fault-switches.ts';
import type { MockRequest, MockResponse } from './types.ts';
import { badRequest, tooLarge, validationFailed } from './problems.ts';

/** JSON bodies above this are refused 413 (G15). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export type BodyResult = { value: unknown } | { refusal: MockResponse };

function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Parses and checks the body; `value` is undefined when an optional body is absent. */
export function readJsonBody(route: Route, request: MockRequest, validator: SchemaValidator, faults: FaultSwitches): BodyResult {
  const spec = route.requestBody;
  if (!spec) return { value: undefined };
  const bytes = request.body;
  if (!request.bodyTruncated && (!bytes || bytes.length === 0)) {
    if (!spec.required) return { value: undefined };
    return {
      refusal: badRequest('This operation needs a JSON body (Content-Type: application/json).', [
        { location: 'body', field: '', message: 'is required' },
      ]),
    };
  }
  if (!isJsonType(request.headers['content-type']) && !faults.on('content-type-ignored')) {
    return {
      refusal: badRequest('Send the body as JSON with Content-Type: application/json.', [
        { location: 'header', field: 'content-type', message: 'must be application/json' },
      ]),
    };
  }
  if (request.bodyTruncated || !bytes) return { refusal: tooLarge('The request body exceeds 1 MiB.') };
  // The planted body-limit-ignored fault reads an oversized body (the front end then lets it arrive whole).
  if (bytes.length > MAX_JSON_BODY_BYTES && !faults.on('body-limit-ignored'))
    return { refusal: tooLarge('The request body exceeds 1 MiB.') };
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch (error) {
    if (faults.on('malformed-json-500'))
      return { refusal: { status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'Internal Server Error' } };
    const message = error instanceof SyntaxError ? error.message : 'is not valid UTF-8';
    if (faults.on('malformed-json-422')) return { refusal: validationFailed([{ location: 'body', field: '', message }]) };
    return { refusal: badRequest('The body is not valid JSON.', [{ location: 'body', field: '', message }]) };
  }
  const all = validator.validateRequestBody(route, value);
  const errors = faults.on('unknown-fields-ignored') ? all.filter((e) => e.message !== 'is not a known field') : all;
  if (errors.length > 0) return { refusal: validationFailed(errors) };
  return { value };
}
