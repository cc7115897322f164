// How a check's outcome travels to the reports: annotations that read back to
// the same outcome, text made plain (no terminal escapes), and a check without
// an outcome of its own reported as not run (or a harness error), never as passed.
import { describe, expect, it } from 'vitest';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { createRedactor } from '../http/redact.ts';
import { identityAnnotations, identityOf, outcomeAnnotations, outcomeOf, plain } from '../runtime/check-annotations.ts';
import { checkEntry, setupProblemOf } from '../report/test-outcomes.ts';

const redact = createRedactor([{ env: 'BUCKETKIT_KEY_FULL', token: 'bk_live_secret_0123456789' }]);
const identity = identityAnnotations({ id: 'SCOPE-listFiles-refused', area: 'scopes', level: 'core', route: 'GET /files', target: 3 });
const testCase = (annotations: { type: string; description?: string }[]) =>
  ({ title: 'GET /files without files:read is refused', annotations }) as unknown as TestCase;
const result = (status: TestResult['status'], message?: string) =>
  ({ status, duration: 12.4, error: message ? { message } : undefined, errors: message ? [{ message }] : [] }) as unknown as TestResult;

describe('check annotations', () => {
  it('read back to the identity and outcome they were made from', () => {
    const failure = { expected: 'a 4xx refusal', actual: '200, body: []', curl: 'curl -X GET x' };
    const notes = [...identity, ...outcomeAnnotations({ status: 'fail', failure })];
    expect(identityOf(notes)).toEqual({ id: 'SCOPE-listFiles-refused', area: 'scopes', level: 'core', route: 'GET /files', target: 3 });
    expect(outcomeOf(notes)).toEqual({ status: 'fail', reason: undefined, failure });
    expect(outcomeOf(identity)).toBeUndefined();
  });

  it('carry no terminal escape codes, whatever the server or a tool wrote', () => {
    expect(plain('\u001b[31mred\u001b[39m \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u001b[2Kdone')).toBe('red link done');
    const [, reason] = outcomeAnnotations({ status: 'error', reason: 'harness error: \u001b[2mTimeout\u001b[22m' });
    expect(reason.description).toBe('harness error: Timeout');
  });
});

describe('a check in the summary', () => {
  it('is what its test recorded, with its duration', () => {
    const entry = checkEntry(testCase([...identity, ...outcomeAnnotations({ status: 'pass' })]), result('passed'), redact);
    expect(entry).toMatchObject({ id: 'SCOPE-listFiles-refused', status: 'pass', durationMs: 12, target: 3, route: 'GET /files' });
  });

  it('is "not run" with the set-up problem when Playwright skipped it after a failed set-up', () => {
    const entry = checkEntry(testCase(identity), result('skipped'), redact, 'could not prepare the test files: 404');
    expect(entry).toMatchObject({ status: 'error', reason: 'not run: the set-up failed (could not prepare the test files: 404)' });
    expect(checkEntry(testCase(identity), undefined, redact)?.reason).toBe('not run: the run ended before this check started');
  });

  it('is a harness error, plain and redacted, when Playwright ended it (a timeout)', () => {
    const entry = checkEntry(
      testCase(identity),
      result('timedOut', '\u001b[31mTest timeout of 60000ms exceeded.\u001b[39m bk_live_secret_0123456789\n\nCall log'),
      redact,
    );
    expect(entry?.reason).toBe('harness error: Test timeout of 60000ms exceeded. [redacted $BUCKETKIT_KEY_FULL]');
  });

  it('is no entry for a test that is not a check (set-up, teardown)', () => {
    expect(checkEntry(testCase([{ type: 'bucketkit-setup', description: '0' }]), result('passed'), redact)).toBeUndefined();
  });

  it("takes a set-up's problem from its note, or from Playwright when it did not finish", () => {
    expect(setupProblemOf(testCase([{ type: 'setup-problem', description: 'x' }]), result('failed', 'boom'), redact)).toBe('x');
    expect(setupProblemOf(testCase([]), result('timedOut', 'Test timeout of 60000ms exceeded.'), redact)).toBe(
      'the set-up did not finish: Test timeout of 60000ms exceeded.',
    );
    expect(setupProblemOf(testCase([]), result('passed'), redact)).toBeUndefined();
  });
});
