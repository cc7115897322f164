// The kit's reporter of a Playwright run: a line per check as it ends, then
// the run's summary (summary.json, summary.md, the counts CI sums, the
// authorization matrix), the failed checks with their reproduction, and the
// verdict line; the HTML report's title gets the verdict and the counts of
// every outcome. It reads each test's status and never changes one; the run's
// status it returns follows the verdict (an incomplete run is no pass).
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readSettings } from '../engine/run-files.ts';
import type { RunSettings } from '../config/config-types.ts';
import { guardArtifacts } from '../engine/artifact-guard.ts';
import { loadBaseline } from '../report/baseline.ts';
import { baselineConsoleLine } from '../report/baseline-text.ts';
import { checkLine, failureList } from '../report/console-lines.ts';
import { writeMatrixFiles } from '../report/matrix-files.ts';
import type { CheckResult } from '../report/outcome.ts';
import { runVerdict, withBaseline } from '../report/run-verdict.ts';
import type { Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import { checkResultOf, userTestOf, type UserTestResult } from './result-of-test.ts';
import { RUN_ENV } from './run-env.ts';
import { parseArgs } from '../config/cli-args.ts';
import { runSummary } from './run-summary.ts';
import { htmlTitle } from './html-title.ts';
import { runNotes } from '../report/run-notes.ts';
import { MERGED_SUMMARY_ENV } from './merge-env.ts';
import { listCount, listLine } from './list-lines.ts';

export default class ResultsReporter implements Reporter {
  private readonly checks = new Map<string, CheckResult>();
  private readonly users: UserTestResult[] = [];
  private order: string[] = [];
  private shard: string | undefined;
  /** The run's summary once written, for the scan of every artifact after the HTML report is written too. */
  private written?: { settings: RunSettings; summary: Summary; reportDir: string };

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.shard = config.shard ? `${config.shard.current}/${config.shard.total}` : undefined;
    // Playwright's --list runs no test: the listing is all there is to print.
    if (process.argv.includes('--list')) {
      const lines = suite.allTests().flatMap((t) => listLine(t) ?? []);
      console.log(lines.join('\n'));
      const options = parseArgs([], process.env);
      console.error(listCount(lines, { level: options.level, readOnly: options.readOnly, shard: this.shard }));
      return;
    }
    this.order = suite.allTests().map((t) => t.id);
    const checks = suite.allTests().filter((t) => t.annotations.some((a) => a.type === 'requirement')).length;
    console.log(`${checks} checks${this.shard ? ` (shard ${this.shard})` : ''}, ${config.workers} worker(s)\n`);
  }

  onError(error: TestError): void {
    // A config or set-up error stops the run before any test: say it plainly, the fix is in its message.
    console.error(`bucketkit: ${error.message ?? error.value ?? 'Playwright reported an error'}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const check = checkResultOf(test, result);
    if (check) {
      this.checks.set(test.id, check);
      // A merge replays the shards' tests: their lines were printed by the shards.
      if (!process.env[MERGED_SUMMARY_ENV]) console.log(checkLine(check));
      return;
    }
    const user = userTestOf(test, result);
    this.users.push(user);
    console.log(`  ${user.status === 'passed' ? '✓' : user.status === 'failed' ? '✘' : '-'} ${user.title}`);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const merged = process.env[MERGED_SUMMARY_ENV];
    if (merged) return this.endMerge(merged);
    const runDir = process.env[RUN_ENV.runDir];
    if (!runDir) return undefined;
    const settings = readSettings(runDir);
    const reportDir = resolve(runDir, '..');
    const results = this.order.flatMap((id) => this.checks.get(id) ?? []);
    let summary: Summary = runSummary(settings, results, this.shard);
    if (this.users.length) summary = { ...summary, userTests: this.users };
    if (result.status === 'interrupted') summary = { ...summary, incomplete: { exitCode: 2, reason: 'the run was interrupted' } };
    const baselineFile = process.env.BUCKETKIT_BASELINE;
    summary = withBaseline(summary, baselineFile ? loadBaseline(baselineFile) : undefined, new Date());
    writeReports(reportDir, summary, 'conformance-results.json', { junit: false });
    writeMatrixFiles(reportDir, summary);
    const verdict = runVerdict(summary);
    for (const line of failureList(summary.checks)) console.log(line);
    const t = summary.totals;
    console.log(
      `\nconformance (${summary.level}): ${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.disabled} disabled, ${t.error} could not run, ${t.unserved} not served; reports in ${reportDir}`,
    );
    for (const line of runNotes(summary, reportDir)) console.log(line);
    const failedUsers = this.users.filter((u) => u.status === 'failed').length;
    if (this.users.length) console.log(`your own tests: ${this.users.length - failedUsers} passed, ${failedUsers} failed`);
    if (summary.baseline) console.log(baselineConsoleLine(summary.baseline));
    console.log(`${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason}`);
    process.env.PLAYWRIGHT_HTML_TITLE = htmlTitle(summary, verdict, join(reportDir, 'authorization-matrix.html'));
    this.written = { settings, summary, reportDir };
    return { status: verdict.exitCode === 0 && failedUsers === 0 ? 'passed' : 'failed' };
  }

  /** After every reporter wrote its files: each artifact scanned for key bytes, a find redacted in place and reported. */
  async onExit(): Promise<void> {
    if (!this.written) return;
    const { settings, summary, reportDir } = this.written;
    const secrets = settings.keys.flatMap((k) => (process.env[k.env] ? [{ env: k.env, token: process.env[k.env]!, name: k.name }] : []));
    const target = { target: { name: 'conformance', runDir: settings.runDir, reportDir }, settings, secrets };
    const [guarded] = guardArtifacts([target], [summary], reportDir, 'conformance-results.json', { junit: false }).summaries;
    for (const problem of guarded.harnessProblems.slice(summary.harnessProblems.length)) console.log(`harness problem: ${problem}`);
    if (guarded !== summary)
      console.log(`${runVerdict(guarded).label} (exit ${runVerdict(guarded).exitCode}): ${runVerdict(guarded).reason}`);
  }

  /** A merge: the merged tests must be the merged summary's checks, each once, as each ended; the report is titled with its verdict. */
  private endMerge(path: string): { status: FullResult['status'] } {
    let summary = JSON.parse(readFileSync(path, 'utf8')) as Summary;
    const shown = [...this.checks.values()];
    const problems = mergeMismatches(summary, shown);
    if (problems.length) {
      summary = { ...summary, harnessProblems: [...summary.harnessProblems, ...problems] };
      writeReports(dirname(path), summary, 'conformance-results.json', { junit: false });
    }
    const verdict = runVerdict(summary);
    process.env.PLAYWRIGHT_HTML_TITLE = htmlTitle(summary, verdict, join(dirname(path), 'authorization-matrix.html'));
    return { status: verdict.exitCode === 0 ? 'passed' : 'failed' };
  }
}

/** Where the merged tests and the merged summary disagree: a check missing, shown twice, or shown with another status. */
export function mergeMismatches(summary: Summary, shown: CheckResult[]): string[] {
  const count = new Map<string, CheckResult[]>();
  for (const r of shown) count.set(r.id, [...(count.get(r.id) ?? []), r]);
  const wrong = summary.checks.flatMap((c) => {
    const tests = count.get(c.id) ?? [];
    if (tests.length !== 1) return [`${c.id} shows ${tests.length} times`];
    return tests[0].status === c.status ? [] : [`${c.id} is ${c.status} but shows ${tests[0].status}`];
  });
  const extra = shown.filter((r) => !summary.checks.some((c) => c.id === r.id)).map((r) => `${r.id} is in no shard's summary`);
  const all = [...wrong, ...extra];
  return all.length
    ? [`the merged report disagrees with the shards' summaries on ${all.length} check(s): ${all.slice(0, 3).join('; ')}`]
    : [];
}
