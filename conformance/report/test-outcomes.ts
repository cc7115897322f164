// Turns Playwright's view of a test (its annotations and last result) into the
// summary's entry for a check, and tells a check that failed from one that
// never ran; Playwright's own messages are redacted and made plain here.
import type { TestCase, TestResult } from '@playwright/test/reporter';
import type { Redactor } from '../http/redact.ts';
import { NOTE, identityOf, noteOf, outcomeOf, plain } from '../runtime/check-annotations.ts';
import type { SummaryCheck } from './summary.ts';
import type { Area, Level } from '../config/config-types.ts';

/** Playwright's first error of a result, one paragraph, redacted and without escape codes. */
export function playwrightError(result: TestResult | undefined, redact: Redactor): string | undefined {
  const message = result?.error?.message ?? result?.errors[0]?.message;
  if (!message) return undefined;
  return plain(redact(message)).split('\n\n')[0].trim();
}

/** Why a check has no outcome of its own: it was never started, or Playwright ended it. */
function missingOutcome(result: TestResult | undefined, redact: Redactor, setupProblem: string | undefined): string {
  const setup = setupProblem ? `the set-up failed (${setupProblem})` : undefined;
  if (!result) return `not run: ${setup ?? 'the run ended before this check started'}`;
  if (result.status === 'skipped') return `not run: ${setup ?? 'Playwright skipped it'}`;
  if (result.status === 'interrupted') return 'not run: the run was interrupted';
  return `harness error: ${playwrightError(result, redact) ?? `Playwright ended it as ${result.status}`}`;
}

/** The summary entry of a check test, or undefined for a test that is not a check. */
export function checkEntry(
  test: TestCase,
  result: TestResult | undefined,
  redact: Redactor,
  setupProblem?: string,
): (SummaryCheck & { target: number }) | undefined {
  const identity = identityOf(test.annotations);
  if (!identity) return undefined;
  const base = {
    id: identity.id,
    title: test.title,
    area: identity.area as Area,
    level: identity.level as Level,
    route: identity.route,
    target: identity.target,
  };
  const outcome = outcomeOf(test.annotations);
  const durationMs = result && result.duration >= 0 ? Math.round(result.duration) : undefined;
  if (outcome) return { ...base, ...outcome, durationMs };
  return { ...base, status: 'error', reason: missingOutcome(result, redact, setupProblem), durationMs };
}

/** What the set-up test of a target could not do: its own note, or Playwright's error when it did not finish. */
export function setupProblemOf(test: TestCase, result: TestResult | undefined, redact: Redactor): string | undefined {
  const noted = noteOf(test.annotations, NOTE.setupProblem);
  if (noted) return noted;
  if (!result || result.status === 'passed' || result.status === 'skipped') return undefined;
  return `the set-up did not finish: ${playwrightError(result, redact) ?? result.status}`;
}

/** The target index a set-up or teardown test belongs to, by its note. */
export function targetOfNote(test: TestCase, type: string): number | undefined {
  const value = noteOf(test.annotations, type);
  return value === undefined ? undefined : Number(value);
}
