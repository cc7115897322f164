// Builds application/problem+json responses (RFC 9457) with the error codes of
// GAPS.md G11. Bodies never carry a key.
import type { MockResponse } from './types.ts';
import type { FieldError } from '../../openapi/contract/schema-validator.ts';

export type ProblemCode =
  | 'invalid_request'
  | 'unauthenticated'
  | 'insufficient_scope'
  | 'agent_upload_complete_forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'validation_failed'
  | 'rate_limited';

const TITLES: Record<ProblemCode, string> = {
  invalid_request: 'Invalid request',
  unauthenticated: 'Unauthenticated',
  insufficient_scope: 'Insufficient scope',
  agent_upload_complete_forbidden: 'Upload-complete is not for agents',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  validation_failed: 'Validation failed',
  rate_limited: 'Too many requests',
};

export const PROBLEM_TYPE = 'application/problem+json';

export interface ProblemExtras {
  errors?: FieldError[];
  requiredScope?: string;
  headers?: Record<string, string>;
}

/** A problem response with the given status, code and human-readable detail. */
export function problem(status: number, code: ProblemCode, detail: string, extras: ProblemExtras = {}): MockResponse {
  const body: Record<string, unknown> = { type: `urn:bucketkit:problem:${code}`, title: TITLES[code], status, code, detail };
  if (extras.requiredScope) body.requiredScope = extras.requiredScope;
  if (extras.errors) body.errors = extras.errors;
  return { status, headers: { 'Content-Type': PROBLEM_TYPE, ...extras.headers }, body: JSON.stringify(body) };
}

export const badRequest = (detail: string, errors?: FieldError[]): MockResponse => problem(400, 'invalid_request', detail, { errors });
export const notFound = (detail: string): MockResponse => problem(404, 'not_found', detail);
export const conflict = (detail: string): MockResponse => problem(409, 'conflict', detail);
export const tooLarge = (detail: string): MockResponse => problem(413, 'payload_too_large', detail);

/** 422 naming each offending field of the body. */
export function validationFailed(errors: FieldError[], detail = 'The body does not match the schema.'): MockResponse {
  return problem(422, 'validation_failed', detail, { errors });
}

/** A JSON success response; `body` may already be serialised. */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): MockResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
