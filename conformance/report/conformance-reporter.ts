// The suite's Playwright reporter: prints a line per check as it ends, and at
// the end writes each target's summary.json, summary.md and junit.xml from the
// tests' annotations (redacted at the source), so nothing is read back from
// Playwright's own report files.
import { existsSync, readFileSync } from 'node:fs';
import type { FullConfig, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRedactor, type Redactor } from '../http/redact.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';
import { routeLabel } from '../plan/check-types.ts';
import { NOTE, plain } from '../runtime/check-annotations.ts';
import { readManifest, readStop, runFiles, type RunManifest } from '../runtime/run-files.ts';
import { allTargetPlans, type TargetPlan } from '../runtime/run-plan.ts';
import { checkLine, failureList } from './console-lines.ts';
import { buildSummary, type Summary, type SummaryCheck } from './summary.ts';
import { checkEntry, setupProblemOf, targetOfNote } from './test-outcomes.ts';
import { writeReports } from './write-reports.ts';

export default class ConformanceReporter implements Reporter {
  private readonly manifest: RunManifest = readManifest();
  private readonly targets: TargetPlan[] = allTargetPlans();
  private readonly redact: Redactor = createRedactor(this.targets.flatMap((t) => t.secrets));
  private readonly results = new Map<string, TestResult>();
  private readonly workers = new Set<number>();
  private readonly problems: string[] = [];
  private readonly started = Date.now();
  private suite: Suite | undefined;

  printsToStdio(): boolean {
    return true;
  }

  private print(text: string): void {
    if (this.manifest.list) process.stdout.write(`${this.redact(text)}\n`);
  }

  private prefix(target: number): string {
    return this.targets.length > 1 ? `[${this.targets[target].target.name}] ` : '';
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.suite = suite;
    const checks = suite.allTests().filter((t) => t.annotations.some((a) => a.type === NOTE.requirement)).length;
    const where = this.targets.length === 1 ? this.targets[0].settings.baseUrl : `${this.targets.length} targets`;
    this.print(`Running ${checks} checks against ${where} with ${config.workers} worker(s)\n`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.results.set(test.id, result);
    if (result.workerIndex >= 0) this.workers.add(result.workerIndex);
    const entry = checkEntry(test, result, this.redact);
    if (entry) this.print(checkLine(entry, this.prefix(entry.target)));
  }

  onStdOut(chunk: string | Buffer): void {
    this.print(plain(chunk.toString()).trimEnd());
  }

  onStdErr(chunk: string | Buffer): void {
    this.print(plain(chunk.toString()).trimEnd());
  }

  onError(error: TestError): void {
    const message = plain(this.redact(error.message ?? error.value ?? 'unknown error')).split('\n\n')[0];
    this.problems.push(`Playwright reported an error outside any check: ${message}`);
    this.print(`error: ${message}`);
  }

  /** One target's summary, from its tests (its set-up test and its checks) as Playwright last saw them. */
  private summaryOf(run: TargetPlan, setupTest: TestCase | undefined, checkTests: TestCase[]): Summary {
    const setupProblem = setupTest && setupProblemOf(setupTest, this.results.get(setupTest.id), this.redact);
    const order = new Map(run.plan.map((p, i) => [p.def.id, i]));
    const checks: SummaryCheck[] = checkTests
      .flatMap((t) => {
        const entry = checkEntry(t, this.results.get(t.id), this.redact, setupProblem);
        if (!entry) return [];
        const { target: _target, ...check } = entry;
        return [check];
      })
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const { settings } = run;
    const stop = readStop(settings.runDir);
    const cleanupPath = runFiles(settings.runDir).cleanup;
    return buildSummary(
      {
        runId: settings.runId,
        baseUrl: settings.baseUrl,
        level: settings.level,
        readOnly: settings.readOnly,
        shard: this.manifest.shard,
        checks,
        cleanup: existsSync(cleanupPath) ? (JSON.parse(readFileSync(cleanupPath, 'utf8')) as CleanupReport) : undefined,
        harnessProblems: [...this.problems],
        incomplete: stop ?? (setupProblem ? { exitCode: 2, reason: `the set-up failed (${setupProblem})` } : undefined),
        stats: { durationMs: Date.now() - this.started, workersStarted: this.workers.size },
      },
      loadRouteTable().map(routeLabel),
    );
  }

  async onEnd(): Promise<void> {
    const setups = new Map<number, TestCase>();
    const checks = new Map<number, TestCase[]>();
    for (const test of this.suite?.allTests() ?? []) {
      const setupOf = targetOfNote(test, NOTE.setup);
      if (setupOf !== undefined) setups.set(setupOf, test);
      const target = targetOfNote(test, NOTE.target);
      if (target === undefined) continue;
      if (!checks.has(target)) checks.set(target, []);
      checks.get(target)!.push(test);
    }
    for (const run of this.targets) {
      const summary = this.summaryOf(run, setups.get(run.index), checks.get(run.index) ?? []);
      writeReports(run.target.reportDir, summary, this.manifest.ciResultsFile);
      for (const line of failureList(summary.checks, this.prefix(run.index))) this.print(line);
    }
  }
}
