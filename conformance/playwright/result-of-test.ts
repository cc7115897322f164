// Reads a Playwright test the way the kit's reports count it: in the
// reporter, a check's test (it carries the `requirement` annotation) as the
// console line it prints and the status the run's record must agree with; in
// the worker, a user's own test as the run's record keeps it.
import type { TestInfo } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { relative } from 'node:path';
import type { Area, Level } from '../config/config-types.ts';
import { plain, type CheckResult, type KeyFinding } from '../report/outcome.ts';
import type { UserTest } from '../report/summary.ts';
import { NOTE, NO_VERDICT, noteOf, statusOf } from './outcome-notes.ts';

/** The most lines of a user test's error the record keeps: the assertion, the rule, the exchange, the curl line. */
const ERROR_LINES = 12;

/** Whether a test is one of the kit's checks (not a user's own test). */
export const isCheckTest = (test: TestCase): boolean => noteOf(test.annotations, NOTE.requirement) !== undefined;

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

/** A user's own test as it ended in its worker (`broken`: what the rules over its exchanges threw, if anything). */
export function userTestOf(testInfo: TestInfo, broken: unknown, redact: (text: string) => string): UserTest {
  const failed =
    broken !== undefined || testInfo.status === 'failed' || testInfo.status === 'timedOut' || testInfo.status === 'interrupted';
  const status = failed ? 'failed' : testInfo.status === 'skipped' ? 'skipped' : 'passed';
  const message = (broken as Error | undefined)?.message ?? testInfo.error?.message;
  return {
    title: testInfo.titlePath.slice(1).join(' › ') || testInfo.title,
    file: relative(testInfo.config.rootDir, testInfo.file),
    status,
    ...(failed && message ? { error: plain(redact(message.split('\n').slice(0, ERROR_LINES).join('\n'))) } : {}),
  };
}
