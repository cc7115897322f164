// A tiny runner for scripted checks: named steps, printed as they finish, counted into a reports/*-results.json file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hideKeys } from './run-command.ts';

export interface StepResult {
  name: string;
  status: 'passed' | 'failed';
  ms: number;
  error?: string;
}

/** Collects step results; `run` never throws, a failing step is recorded and printed. */
export class Steps {
  readonly results: StepResult[] = [];

  /** Runs `body` as the step `name`; resolves true when it passed. */
  async run(name: string, body: () => Promise<void> | void): Promise<boolean> {
    const started = performance.now();
    try {
      await body();
      this.results.push({ name, status: 'passed', ms: Math.round(performance.now() - started) });
      console.log(`  ✓ ${name} (${this.results.at(-1)!.ms} ms)`);
      return true;
    } catch (error) {
      const message = hideKeys((error as Error).message);
      this.results.push({ name, status: 'failed', ms: Math.round(performance.now() - started), error: message });
      console.log(`  ✗ ${name}\n${message.replace(/^/gm, '      ')}`);
      return false;
    }
  }

  get failed(): number {
    return this.results.filter((r) => r.status === 'failed').length;
  }

  /** Writes `{ numPassedTests, numFailedTests, numTotalTests, ...extra, tests }`, the shape CI counts. */
  write(file: string, extra: Record<string, unknown> = {}): void {
    const report = {
      numPassedTests: this.results.length - this.failed,
      numFailedTests: this.failed,
      numTotalTests: this.results.length,
      ...extra,
      tests: this.results,
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  }
}
