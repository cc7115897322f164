// How a check's outcome shows on its Playwright test: annotations that carry
// it (plain text, no terminal escapes), and the verdict reporter that marks a
// failed check's test failed with the check's own error, before the HTML
// reporter reads it, and counts what the report shows.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { plain } from '../report/outcome.ts';
import { MANIFEST_ENV } from '../engine/run-files.ts';
import { failureMessage, identityAnnotations, noteOf, NOTE, outcomeAnnotations } from '../present/annotations.ts';
import VerdictReporter, { SHOWN_FILE } from '../present/verdict-reporter.ts';

const identity = identityAnnotations({ id: 'SCOPE-listFiles-refused', area: 'scopes', level: 'core', route: 'GET /files', target: 0 });
const testCase = (annotations: { type: string; description?: string }[]) =>
  ({ title: 'GET /files without files:read is refused', annotations }) as unknown as TestCase;
const result = (status: TestResult['status']) => ({ status, duration: 3, errors: [], error: undefined }) as unknown as TestResult;

describe('check annotations', () => {
  it('carry the identity and the outcome, the failure with its reproduction', () => {
    const failure = { expected: 'a 4xx refusal', actual: '200, body: []', curl: 'curl -X GET x' };
    const notes = [...identity, ...outcomeAnnotations({ status: 'fail', failure })];
    expect(noteOf(notes, NOTE.requirement)).toBe('SCOPE-listFiles-refused');
    expect(noteOf(notes, NOTE.status)).toBe('fail');
    expect(failureMessage(notes)).toBe(
      'SCOPE-listFiles-refused FAILED\nexpected a 4xx refusal\ngot 200, body: []\nreproduce: curl -X GET x',
    );
  });

  it('carry no terminal escape codes, whatever the server or a tool wrote', () => {
    expect(plain('\u001b[31mred\u001b[39m \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u001b[2Kdone')).toBe('red link done');
    const [, reason] = outcomeAnnotations({ status: 'error', reason: 'harness error: \u001b[2mTimeout\u001b[22m' });
    expect(reason.description).toBe('harness error: Timeout');
  });
});

describe('the verdict reporter', () => {
  function reporter() {
    const dir = mkdtempSync(join(tmpdir(), 'bk-verdict-'));
    const manifest = join(dir, 'manifest.json');
    writeFileSync(manifest, JSON.stringify({ targets: [], outputDir: dir, workers: 1 }));
    process.env[MANIFEST_ENV] = manifest;
    return { dir, reporter: new VerdictReporter() };
  }

  it('marks the test of a failed check failed, with the check error, and counts it failed', () => {
    const { dir, reporter: r } = reporter();
    const failed = testCase([...identity, ...outcomeAnnotations({ status: 'fail', failure: { expected: 'a 4xx', actual: '200' } })]);
    const res = result('passed');
    r.onTestEnd(failed, res);
    expect(res.status).toBe('failed');
    expect(res.errors[0].message).toContain('SCOPE-listFiles-refused FAILED\nexpected a 4xx\ngot 200');
    r.onEnd();
    expect(JSON.parse(readFileSync(join(dir, SHOWN_FILE), 'utf8'))).toEqual({ '0': { 'SCOPE-listFiles-refused': 'failed' } });
  });

  it('leaves a passed check passed and a skipped one skipped, and ignores tests that are no check', () => {
    const { dir, reporter: r } = reporter();
    const passed = result('passed');
    r.onTestEnd(testCase([...identity, ...outcomeAnnotations({ status: 'pass' })]), passed);
    expect(passed.status).toBe('passed');
    const other = identityAnnotations({ id: 'AUTH-x-refused', area: 'auth', level: 'core', target: 0 });
    r.onTestEnd(testCase([...other, ...outcomeAnnotations({ status: 'error', reason: 'not run: x' })]), result('skipped'));
    r.onTestEnd(testCase([]), result('failed'));
    r.onEnd();
    expect(JSON.parse(readFileSync(join(dir, SHOWN_FILE), 'utf8'))).toEqual({
      '0': { 'SCOPE-listFiles-refused': 'passed', 'AUTH-x-refused': 'skipped' },
    });
  });
});
