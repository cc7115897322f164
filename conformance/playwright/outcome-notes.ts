// How a check's identity and outcome travel on its Playwright test, so every
// reporter (the kit's, Playwright's HTML and JUnit, a merge of shards) reads
// the same thing: annotations naming the requirement, its area, level and
// route, and — for a check that gave no verdict — why, under a type of its own.
import type { CheckStatus } from '../report/outcome.ts';

/** Annotation types the kit writes on its tests. */
export const NOTE = {
  requirement: 'requirement',
  area: 'area',
  level: 'level',
  route: 'route',
  /** The key a KEY check verifies (CheckDef.verifiesKey). */
  verifiesKey: 'verifies key',
  /** A pass's note (what it could not prove, what it judged). */
  note: 'note',
  expected: 'expected',
  actual: 'actual',
  reproduce: 'reproduce',
  keyFindings: 'key findings',
  /** A check that failed as a bug of the kit (its test fails; the reports count it as could not run). */
  harnessError: 'harness error',
} as const;

/** The annotation type of each outcome that is not a plain pass or failure: shown as such in every report. */
export const NO_VERDICT: Record<'error' | 'unserved' | 'skip' | 'disabled' | 'unbuilt', string> = {
  error: 'not run',
  unserved: 'not served',
  unbuilt: 'not built yet',
  skip: 'skipped',
  disabled: 'disabled',
};

export interface Annotation {
  type: string;
  description?: string;
}

/** The last annotation of a type. */
export function noteOf(annotations: readonly Annotation[], type: string): string | undefined {
  for (let i = annotations.length - 1; i >= 0; i--) if (annotations[i].type === type) return annotations[i].description;
  return undefined;
}

/** The status a test's result stands for, read from its Playwright status and the kit's annotations. */
export function statusOf(status: string, annotations: readonly Annotation[]): CheckStatus {
  if (status === 'passed') return 'pass';
  if (status === 'failed' && noteOf(annotations, NOTE.harnessError) !== undefined) return 'error';
  if (status === 'failed' && noteOf(annotations, NO_VERDICT.unbuilt) !== undefined) return 'unbuilt';
  if (status === 'failed') return 'fail';
  // Ended from outside before its check gave a result: the record knows it as a check that never ended.
  if (status === 'timedOut' || status === 'interrupted') return 'error';
  for (const [outcome, type] of Object.entries(NO_VERDICT)) if (noteOf(annotations, type) !== undefined) return outcome as CheckStatus;
  return 'skip';
}
