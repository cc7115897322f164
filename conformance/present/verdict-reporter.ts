// The Playwright reporter of the suite's report run. The engine ran the
// checks; a failed check's test records the failure and returns, and this
// reporter marks its result failed with the check's error before any other
// reporter reads it, so the HTML report shows it failed (red) like every
// report of the run, without Playwright restarting its worker for each
// failure (half a second of CPU each: a run where every check fails would cost
// several times a passing one). It also counts what the report shows, so the
// CLI can prove the HTML report agrees with summary.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { readManifest } from '../engine/run-files.ts';
import { failureMessage, NOTE, noteOf } from './annotations.ts';

/** What the Playwright report shows, per target index: the outcome of each test by check id. */
export type ShownOutcomes = Record<string, Record<string, TestResult['status']>>;

export const SHOWN_FILE = 'report-outcomes.json';

export default class VerdictReporter implements Reporter {
  private readonly shown: ShownOutcomes = {};

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const id = noteOf(test.annotations, NOTE.requirement);
    const target = noteOf(test.annotations, NOTE.target);
    if (id === undefined || target === undefined) return;
    if (noteOf(test.annotations, NOTE.status) === 'fail' && result.status === 'passed') {
      const error = { message: failureMessage(test.annotations) };
      result.status = 'failed';
      result.errors = [error];
      result.error = error;
    }
    (this.shown[target] ??= {})[id] = result.status;
  }

  onEnd(): void {
    writeFileSync(join(readManifest().outputDir, SHOWN_FILE), JSON.stringify(this.shown));
  }
}
