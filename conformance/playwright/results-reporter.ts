// The kit's reporter of a Playwright run: a line per check as it ends (and a
// user's own failing test with its error and its output), then the run's
// summary as the global teardown wrote it from the run's record, checked
// against the statuses Playwright shows (a difference is a harness problem),
// the failed checks with their reproduction, and the verdict line; the HTML
// report's title gets the verdict and the counts of every outcome. It never
// changes a test's status; the run's status it returns follows the verdict.
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readSettings } from '../engine/run-files.ts';
import type { RunSettings } from '../config/config-types.ts';
import { guardArtifacts } from '../engine/artifact-guard.ts';
import { baselineConsoleLine } from '../report/baseline-text.ts';
import { checkLine, failureList, userFailureLines } from '../report/console-lines.ts';
import { rootCauseLines } from '../report/root-causes.ts';
import { buildOrderLines } from '../report/build-order.ts';
import { writeMatrixFiles } from '../report/matrix-files.ts';
import type { CheckResult } from '../report/outcome.ts';
import { runVerdict } from '../report/run-verdict.ts';
import { buildSummary, type Summary } from '../report/summary.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { routeLabel } from '../plan/check-types.ts';
import { writeReports } from '../report/write-reports.ts';
import { checkResultOf, isCheckTest } from './result-of-test.ts';
import { RUN_ENV } from '../config/run-env.ts';
import { parseArgs } from '../config/cli-args.ts';
import { htmlTitle } from './html-title.ts';
import { runNotes } from '../report/run-notes.ts';
import { MERGED_SUMMARY_ENV } from './merge-env.ts';
import { listCount, listLine } from './list-lines.ts';
import { quietOnClosedPipe } from './closed-pipe.ts';
import { createRedactor } from '../http/redact.ts';

/** The error the global teardown throws to fail a run that gave no verdict (global-setup.ts). */
const VERDICT_ERROR = /^(Error: )?bucketkit: (PASSED|FAILED|INCOMPLETE|NO RESULTS|WRONG BASE URL OR KEYS|NOT BUILT YET) \(exit \d\): /;

export default class ResultsReporter implements Reporter {
  private readonly checks = new Map<string, CheckResult>();
  private shard: string | undefined;
  private redactor?: (text: string) => string;

  /** Redacts the run's keys (from the runner's environment) out of what a user's test shows. */
  private redact(text: string): string {
    const runDir = process.env[RUN_ENV.runDir];
    if (!this.redactor && runDir && existsSync(join(runDir, 'settings.json'))) {
      const keys = readSettings(runDir).keys;
      this.redactor = createRedactor(keys.flatMap((k) => (process.env[k.env] ? [{ env: k.env, token: process.env[k.env]! }] : [])));
    }
    return this.redactor ? this.redactor(text) : text;
  }
  /** The run's summary once written, for the scan of every artifact after the HTML report is written too. */
  private written?: { settings: RunSettings; summary: Summary; reportDir: string };

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.shard = config.shard ? `${config.shard.current}/${config.shard.total}` : undefined;
    // Playwright's --list runs no test: the listing is all there is to print.
    if (process.argv.includes('--list')) {
      // `--list | head` closes the pipe early: the reader has all it wanted, so the listing ends quietly.
      quietOnClosedPipe();
      const lines = suite.allTests().flatMap((t) => listLine(t) ?? []);
      console.log(lines.join('\n'));
      const options = parseArgs([], process.env);
      console.error(listCount(lines, { level: options.level, readOnly: options.readOnly, shard: this.shard }));
      return;
    }
    const checks = suite.allTests().filter((t) => t.annotations.some((a) => a.type === 'requirement')).length;
    console.log(`${checks} checks${this.shard ? ` (shard ${this.shard})` : ''}, ${config.workers} worker(s)\n`);
  }

  onError(error: TestError): void {
    const message = error.message ?? error.value ?? 'Playwright reported an error';
    // The global teardown's verdict error is for runs without this reporter: here the verdict line ends the run.
    if (VERDICT_ERROR.test(message)) return;
    // A config or set-up error stops the run before any test: say it plainly, the fix is in its message.
    const plainMessage = message.replace(/^Error: (?=bucketkit: )/, '');
    console.error(plainMessage.startsWith('bucketkit: ') ? plainMessage : `bucketkit: ${plainMessage}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const check = checkResultOf(test, result);
    if (check) {
      this.checks.set(test.id, check);
      // A merge replays the shards' tests: their lines were printed by the shards.
      if (!process.env[MERGED_SUMMARY_ENV]) console.log(checkLine(check));
      return;
    }
    // A user's own test: its line, and when it failed, its error (the assertion, or the rule an exchange broke, the exchange and its curl line).
    const title = test.titlePath().slice(3).join(' › ') || test.title;
    const failed = result.status === 'failed' || result.status === 'timedOut' || result.status === 'interrupted';
    console.log(`  ${result.status === 'passed' ? '✓' : failed ? '✘' : '-'} ${title}`);
    if (failed)
      for (const line of userFailureLines(result.errors.map((e) => this.redact(e.message ?? String(e.value ?? ''))))) console.log(line);
  }

  /** A user's own test's output reaches the console as Playwright's list reporter shows it; the kit's checks print nothing. */
  onStdOut(chunk: string | Buffer, test?: TestCase): void {
    if (!test || isCheckTest(test)) return;
    process.stdout.write(this.redact(chunk.toString()));
  }

  onStdErr(chunk: string | Buffer, test?: TestCase): void {
    if (!test || isCheckTest(test)) return;
    process.stderr.write(this.redact(chunk.toString()));
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    const merged = process.env[MERGED_SUMMARY_ENV];
    if (merged) return this.endMerge(merged);
    const runDir = process.env[RUN_ENV.runDir];
    if (!runDir) return this.endPlainMerge();
    const settings = readSettings(runDir);
    const reportDir = resolve(runDir, '..');
    const file = join(reportDir, 'summary.json');
    if (!existsSync(file)) {
      console.error('bucketkit: the run ended before its summary was written (see the error above); the run gave no verdict.');
      return { status: 'failed' };
    }
    let summary = JSON.parse(readFileSync(file, 'utf8')) as Summary;
    const problems = recordMismatches(summary, [...this.checks.values()]);
    if (result.status === 'interrupted') summary = { ...summary, incomplete: { exitCode: 2, reason: 'the run was interrupted' } };
    if (problems.length || result.status === 'interrupted') {
      summary = { ...summary, harnessProblems: [...summary.harnessProblems, ...problems] };
      writeReports(reportDir, summary, 'conformance-results.json', { junit: false });
      writeMatrixFiles(reportDir, summary);
    }
    const verdict = runVerdict(summary);
    for (const line of [...buildOrderLines(summary), ...rootCauseLines(summary), ...failureList(summary.checks)]) console.log(line);
    const t = summary.totals;
    if (summary.checks.length)
      console.log(
        `\nconformance (${summary.level}): ${t.pass} passed, ${t.fail} failed, ${t.unbuilt} not built yet, ${t.skip} skipped, ${t.disabled} disabled, ${t.error} could not run, ${t.unserved} not served; reports in ${reportDir}`,
      );
    for (const line of runNotes(summary, reportDir)) console.log(line);
    const users = summary.userTests ?? [];
    const failedUsers = users.filter((u) => u.status === 'failed').length;
    if (users.length) console.log(`your own tests: ${users.length - failedUsers} passed, ${failedUsers} failed`);
    if (summary.baseline) console.log(baselineConsoleLine(summary.baseline));
    console.log(`${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason}`);
    process.env.PLAYWRIGHT_HTML_TITLE = htmlTitle(summary, verdict, join(reportDir, 'authorization-matrix.html'));
    this.written = { settings, summary, reportDir };
    return { status: verdict.exitCode === 0 ? 'passed' : 'failed' };
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

  /**
   * Playwright's own merge-reports of shard blobs with this reporter, without the kit's merged summary: the verdict
   * of the tests it shows still titles the report (no run dir to read: only what the tests carry).
   */
  private endPlainMerge(): { status: FullResult['status'] } | undefined {
    if (this.checks.size === 0) return undefined;
    const checks = [...this.checks.values()].map(
      ({ steps: _steps, keys: _keys, verifiesKey: _verifiesKey, ...c }) => c as Summary['checks'][number],
    );
    const summary = buildSummary(
      {
        runId: 'merged',
        baseUrl: '',
        level: checks.some((c) => c.level === 'profile') ? 'profile' : 'core',
        readOnly: false,
        checks,
        harnessProblems: [],
      },
      loadRouteTable().map(routeLabel),
    );
    const verdict = runVerdict(summary);
    process.env.PLAYWRIGHT_HTML_TITLE = htmlTitle(summary, verdict, 'authorization-matrix.html');
    console.log(
      `${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason} (from the merged tests alone; --merge also writes the merged summary)`,
    );
    return { status: verdict.exitCode === 0 ? 'passed' : 'failed' };
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

/** Where the run's record (the summary) and the statuses Playwright shows disagree: a check shown, and recorded otherwise or not at all. */
export function recordMismatches(summary: Summary, shown: CheckResult[]): string[] {
  const recorded = new Map(summary.checks.map((c) => [c.id, c]));
  const wrong = shown.flatMap((r) => {
    const c = recorded.get(r.id);
    if (!c) return [`${r.id} ended ${r.status} but is not in the run's record`];
    return c.status === r.status ? [] : [`${r.id} is recorded ${c.status} but Playwright shows it ${r.status}`];
  });
  return wrong.length
    ? [`the run's record and Playwright's results disagree on ${wrong.length} check(s): ${wrong.slice(0, 3).join('; ')}`]
    : [];
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
