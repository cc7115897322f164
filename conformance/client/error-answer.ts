// The error answers profile checks expect: problem+json with the gap register's
// code (G11), or, where overrides.errorFormat is "any", the status alone plus
// whatever the body must name (a field, a scope) anywhere in its text.
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import { overrideOf, type Overrides } from '../config/config-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { expectProblem, expectStatus, fail } from './assert.ts';

/** The 401 challenge the profile checks accept (G21): the Bearer scheme, with any parameters. */
export const BEARER_CHALLENGE = /^Bearer\b/i;

/** What an error answer must name: a field in `errors[]`, the scope in `requiredScope`. */
export interface Named {
  field?: string;
  scope?: string;
}

/** How a title states an expected error: "400 invalid_request", or "400" when the format is not checked. */
export function errorLabel(overrides: Overrides, status: number, code: string): string {
  return overrideOf(overrides, 'errorFormat') === 'any' ? String(status) : `${status} ${code}`;
}

/** Checks an error answer in the deployment's error format; returns the problem body when the format is problem+json. */
export function expectError(
  ex: Exchange,
  run: { settings: { overrides: Overrides }; validator: SchemaValidator },
  status: number,
  code: string,
  named: Named = {},
): Record<string, unknown> | undefined {
  if (overrideOf(run.settings.overrides, 'errorFormat') === 'any') {
    expectStatus(ex, [status], `status ${status}`);
    for (const word of [named.field, named.scope].filter((w): w is string => Boolean(w)))
      if (!ex.text.includes(word)) fail(`a ${status} body naming ${word}`, ex);
    return undefined;
  }
  const body = expectProblem(ex, status, code, run.validator);
  const fields = ((body.errors as { field?: string }[] | undefined) ?? []).map((e) => e.field ?? '');
  if (named.field && !fields.some((f) => f.includes(named.field!))) fail(`errors[] naming ${named.field}`, ex);
  if (named.scope && body.requiredScope !== named.scope) fail(`"requiredScope": "${named.scope}"`, ex);
  return body;
}
