// Assertions of the checks: each failure names what was expected, what came
// back (status and a body excerpt) and the exchange that shows it.
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { Exchange } from '../http/api-client.ts';
import type { KeyFinding } from '../plan/key-finding.ts';
import { arrayAt, type ItemsPath } from '../listing/listing-items.ts';

/** A conformance failure: the server broke the requirement. */
export class CheckFailure extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
    readonly exchange?: Exchange,
    /** A KEY check's findings, for the notes on other failures that used the key there (see misdeclared-keys.ts). */
    readonly keyFindings?: KeyFinding[],
  ) {
    super(`expected ${expected}; got ${actual}`);
  }
}

/** A short view of a response: status and the start of its body. */
export function describeResponse(ex: Exchange): string {
  // Only the start is shown: whitespace is folded in the first few kilobytes, not in a whole large answer.
  const body = ex.shownText.slice(0, 4096).replace(/\s+/g, ' ').trim();
  const shown = body.length > 300 ? `${body.slice(0, 300)}…` : body;
  return `${ex.status}${ex.tooLarge ? ` (an answer over ${ex.tooLarge.limit} bytes, cut)` : ''}${shown ? `, body: ${Buffer.from(shown).toString()}` : ''}`;
}

/** Fails the check with the given expectation, showing the exchange. */
export function fail(expected: string, ex?: Exchange, actual?: string): never {
  throw new CheckFailure(expected, actual ?? (ex ? describeResponse(ex) : 'nothing'), ex);
}

export function expectStatus(ex: Exchange, allowed: number[] | ((s: number) => boolean), expected: string): void {
  const ok = typeof allowed === 'function' ? allowed(ex.status) : allowed.includes(ex.status);
  if (!ok) fail(expected, ex);
}

/** A 2xx answer. */
export function expectServed(ex: Exchange, what = 'a 2xx answer'): void {
  expectStatus(ex, isSuccess, what);
}

/** A 4xx refusal (any code, as the seed leaves the code open). */
export function expectRefused(ex: Exchange, what = 'a 4xx refusal'): void {
  expectStatus(ex, (s) => s >= 400 && s < 500, what);
}

/**
 * A refusal must not carry what a success would have: listed items (in `data`, a bare array, or where the run saw
 * the route's listings keep them), or a body the success schema accepts. An error body of any format passes (even
 * one with `"data": null` or an `errors` list beside the error).
 */
export function expectNoData(ex: Exchange, route: Route, validator: SchemaValidator, listedAt?: ItemsPath): void {
  const body = ex.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  const data = (body as { data?: unknown }).data;
  const learned = listedAt && listedAt.length > 0 ? arrayAt(body, listedAt) : undefined;
  const hasItems = Array.isArray(body)
    ? body.length > 0
    : Array.isArray(data)
      ? data.length > 0
      : (data !== null && typeof data === 'object') || (learned !== undefined && learned.length > 0);
  if (hasItems || validator.validateRef(route.successSchemaRef, body).length === 0)
    fail(`a refusal without the data of ${route.operationId}`, ex);
}

/** An `application/problem+json` body valid against the Problem schema, with the given status and code. */
export function expectProblem(ex: Exchange, status: number, code: string, validator: SchemaValidator): Record<string, unknown> {
  const expected = `${status} application/problem+json with code "${code}"`;
  if (ex.status !== status) fail(expected, ex);
  const type = (ex.headers['content-type'] ?? '').split(';')[0].trim();
  if (type !== 'application/problem+json') fail(expected, ex, `content-type "${type}"; ${describeResponse(ex)}`);
  const problems = validator.validateRef('#/components/schemas/Problem', ex.enveloped ?? ex.json);
  if (problems.length)
    fail(
      expected,
      ex,
      `a body that breaks the Problem schema (${problems.map((p) => `${p.field} ${p.message}`).join('; ')}); ${describeResponse(ex)}`,
    );
  const body = ex.json as Record<string, unknown>;
  if (body.code !== code) fail(expected, ex);
  if (body.status !== status) fail(`${expected} and "status": ${status} in the body`, ex);
  return body;
}

/** A response body valid against the route's documented schema for its status. */
export function expectValidResponse(ex: Exchange, route: Route, validator: SchemaValidator): void {
  // The body as it came: the contract's schema has no envelope, so a body under one breaks it.
  const body = ex.enveloped ?? ex.json;
  const errors = validator.validateResponse(route, ex.status, ex.headers['content-type'] ?? null, body);
  if (errors.length) {
    fail(
      `a ${ex.status} body valid against the spec`,
      ex,
      `${errors
        .slice(0, 5)
        .map((e) => `${e.field} ${e.message}`)
        .join('; ')}; ${describeResponse(ex)}`,
    );
  }
}
