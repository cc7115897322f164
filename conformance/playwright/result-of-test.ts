// Reads one Playwright test result the way the kit's reports count it: a check
// (its test carries the `requirement` annotation) becomes the record every
// report of the run is written from; any other test is a user's own test,
// counted beside the checks.
import type { TestCase, TestResult } from '@playwright/test/reporter';
import type { Area, Level } from '../config/config-types.ts';
import { plain, type CheckResult, type KeyFinding } from '../report/outcome.ts';
import { NOTE, NO_VERDICT, noteOf, statusOf } from './outcome-notes.ts';

/** A user's own test run under the kit's fixtures: its title and how it ended (a rule an exchange broke fails it). */
export interface UserTestResult {
  title: string;
  file: string;
  status: 'passed' | 'failed' | 'skipped';
  error?: string;
}

/** The check a test stands for, or undefined for a test that is no check of the kit. */
export function checkResultOf(test: TestCase, result: TestResult): CheckResult | undefined {
  const annotations = [...test.annotations, ...result.annotations];
  const id = noteOf(annotations, NOTE.requirement);
  if (id === undefined) return undefined;
  const status = statusOf(result.status, annotations);
  const why =
    status === 'pass'
      ? noteOf(annotations, NOTE.note)
      : status === 'fail'
        ? undefined
        : (noteOf(annotations, NO_VERDICT[status as keyof typeof NO_VERDICT]) ?? noteOf(annotations, 'skip'));
  const expected = noteOf(annotations, NOTE.expected);
  const failure =
    status === 'fail'
      ? {
          expected: expected ?? 'the check to pass',
          actual: noteOf(annotations, NOTE.actual) ?? plain(result.error?.message?.split('\n')[0] ?? result.status),
          curl: noteOf(annotations, NOTE.reproduce),
        }
      : undefined;
  return {
    id,
    title: test.title.startsWith(`${id}: `) ? test.title.slice(id.length + 2) : test.title,
    area: noteOf(annotations, NOTE.area) as Area,
    level: noteOf(annotations, NOTE.level) as Level,
    route: noteOf(annotations, NOTE.route),
    ...(noteOf(annotations, NOTE.verifiesKey) !== undefined ? { verifiesKey: noteOf(annotations, NOTE.verifiesKey) } : {}),
    status,
    ...(why ? { reason: plain(why) } : {}),
    ...(failure ? { failure } : {}),
    ...(noteOf(annotations, NOTE.keyFindings) ? { keyFindings: JSON.parse(noteOf(annotations, NOTE.keyFindings)!) as KeyFinding[] } : {}),
    durationMs: Math.round(result.duration),
    steps: result.steps.map((s) => ({ title: s.title, ms: Math.round(s.duration) })),
    requests: result.steps.length,
  };
}

/** A user's own test. */
export function userTestOf(test: TestCase, result: TestResult): UserTestResult {
  const status = result.status === 'passed' ? 'passed' : result.status === 'skipped' ? 'skipped' : 'failed';
  return {
    title: test.titlePath().slice(3).join(' › ') || test.title,
    file: test.location.file,
    status,
    ...(result.error?.message ? { error: plain(result.error.message.split('\n').slice(0, 6).join('\n')) } : {}),
  };
}
