// The wrong answers planted faults give, kept apart from the core's problem
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
