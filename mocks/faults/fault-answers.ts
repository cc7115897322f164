// The wrong answers planted faults give, kept apart from the correct problem
// builders so the contract's error codes stay the only ones those can make.
import type { MockResponse } from '../core/types.ts';
import { PROBLEM_TYPE } from '../core/problems.ts';

/** A 403 with a generic code and no requiredScope (what a sloppy server says). */
export function forbiddenAnswer(detail: string): MockResponse {
  return {
    status: 403,
    headers: { 'Content-Type': PROBLEM_TYPE },
    body: JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403, code: 'forbidden', detail }),
  };
}

/** The crash answer of a server that let a client's mistake reach an unguarded code path. */
export const internalError = (): MockResponse => ({
  status: 500,
  headers: { 'Content-Type': 'text/plain' },
  body: 'Internal Server Error',
});

/** A single-page-app fallback: any unknown path gets the app's HTML shell. */
export const spaFallback = (): MockResponse => ({
  status: 200,
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
  body: '<!doctype html><html><body><div id="app"></div></body></html>',
});

/** Drops the first property of a JSON object body, error bodies included (a serializer that skips a field). */
export function withoutFirstField(response: MockResponse): MockResponse {
  const type = response.headers['Content-Type'] ?? '';
  if (!type.includes('json') || response.body === undefined) return response;
  const value: unknown =
    typeof response.body === 'string'
      ? JSON.parse(response.body)
      : response.body instanceof Uint8Array
        ? JSON.parse(new TextDecoder().decode(response.body))
        : response.body;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return response;
  const [first] = Object.keys(value);
  const { [first]: _dropped, ...rest } = value as Record<string, unknown>;
  return { ...response, body: JSON.stringify(rest) };
}
