// The kit's assertion in Playwright terms: `expect(check).toConform()` fails
// a check's test with what the rule expected, what the deployment answered and
// a curl line that reproduces it — an assertion failure like any `expect`, so
// every reporter (HTML, JUnit, a CI's test view) counts it as one.
import { expect as base, type Expect, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';

/** How a check ended, as the matcher reads it: its id, and its failure when the deployment broke the rule. */
export interface CheckVerdict {
  id: string;
  failure?: { expected: string; actual: string; curl?: string };
}

/** The lines of a failure: the id, what was expected, what came, and how to reproduce it. */
export function failureLines(verdict: Required<CheckVerdict>): string {
  const { id, failure } = verdict;
  return [
    `${id} FAILED`,
    `expected ${failure.expected}`,
    `got ${failure.actual}`,
    ...(failure.curl ? [`reproduce: ${failure.curl}`] : []),
  ].join('\n');
}

/** Playwright's expect with `toConform`; typed by name so declarations point at `@playwright/test` only. */
export type ConformanceExpect = Expect<{ toConform(this: ExpectMatcherState, received: CheckVerdict): MatcherReturnType }>;

export const expect: ConformanceExpect = base.extend({
  toConform(received: CheckVerdict) {
    const pass = received.failure === undefined;
    return {
      pass,
      name: 'toConform',
      expected: received.failure?.expected,
      actual: received.failure?.actual,
      message: () =>
        pass
          ? `${this.utils.matcherHint('toConform', 'check', '', { isNot: this.isNot })}\n\n${received.id} conformed`
          : `${this.utils.matcherHint('toConform', 'check', '', { isNot: this.isNot })}\n\n${failureLines(received as Required<CheckVerdict>)}`,
    };
  },
});
