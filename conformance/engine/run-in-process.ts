// Runs the suite once against one deployment in this process, without
// Playwright: resolves the target (config or embedded mock), prepares its
// settings, runs every check concurrently (the bodies a Playwright test runs,
// recorded and summarised as a Playwright run is), writes the summaries and
// JUnit, scans them for keys, and returns the verdict. The self-test and the
// suite's own tests run it; users run the Playwright suite
// (cli/run-playwright.ts); a differential test shows both give one summary.
import { resolve } from 'node:path';
import type { SuiteConfig } from '../config/config-types.ts';
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { checkTarget } from './check-target.ts';
import { createRedactor, type Redactor, type Secret } from '../http/redact.ts';
import { checkLine, failureList } from '../report/console-lines.ts';
import { rootCauseLines } from '../report/root-causes.ts';
import { buildOrderLines } from '../report/build-order.ts';
import { unexercisedLines } from '../report/unexercised-routes.ts';
import { exitCodeOf, type Summary } from '../report/summary.ts';
import type { Baseline } from '../report/baseline.ts';
import { guardArtifacts } from './artifact-guard.ts';
import type { CliOptions } from '../config/cli-args.ts';
import { readCa } from '../config/read-ca.ts';
import { prepareTarget } from './prepare-target.ts';
import { readExchangeFiles } from './exchange-file.ts';
import { readRunFile, runFiles } from './run-files.ts';
import { viewOf } from '../oracles/exchange-view.ts';
import { learnDeployment, type LearnedDeployment } from '../learn/learn-profile.ts';
import { writeLearnedProfile } from '../learn/write-profile.ts';

export interface RunOptions
  extends
    Pick<CliOptions, 'config' | 'level' | 'readOnly' | 'reportDir' | 'shard' | 'grep' | 'faults' | 'workers'>,
    Partial<Pick<CliOptions, 'concurrency' | 'maxRps' | 'keep' | 'ca' | 'learn' | 'allowUnbuilt'>> {
  /** File name of the counts CI sums, in the report dir (default conformance-results.json); '' for none. */
  ciResultsFile?: string;
  /** Per-request timeout in ms (default 15000). */
  requestTimeoutMs?: number;
  /** Print nothing. */
  quiet?: boolean;
  /** Known failures to judge the run against (--baseline). */
  baseline?: Baseline;
  env?: NodeJS.ProcessEnv;
}

export interface RunOutcome {
  exitCode: number;
  summary: Summary;
  reportDir: string;
  secrets: Secret[];
  redact: Redactor;
  /** With `learn`: what the run learned, and the file it went to (none when the run never reached the deployment). */
  learned?: LearnedDeployment & { file: string };
}

async function resolveTarget(options: RunOptions, env: NodeJS.ProcessEnv): Promise<{ config: SuiteConfig; close(): Promise<void> }> {
  if (hasConfigSource(options.config, env)) {
    if (options.faults.length) throw new Error('--fault plants faults in the embedded mock; it cannot be combined with a config.');
    return { config: loadConfig(options.config, env), close: async () => undefined };
  }
  return startEmbeddedTarget(options.faults);
}

/** Runs the suite and writes its reports; never throws for a failing, refusing or unreachable deployment. */
export async function runInProcess(options: RunOptions): Promise<RunOutcome> {
  const env = options.env ?? process.env;
  const reportDir = resolve(options.reportDir);
  const ciResultsFile = options.ciResultsFile ?? 'conformance-results.json';
  const target = await resolveTarget(options, env);
  try {
    const prepared = prepareTarget(target.config, resolveTokens(target.config, env), {
      name: 'conformance',
      reportDir,
      level: options.level,
      readOnly: options.readOnly,
      grep: options.grep,
      requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
      concurrency: options.concurrency,
      maxRps: options.maxRps,
      keepForRepro: options.keep,
      ca: options.ca ? readCa(options.ca) : undefined,
      alsoClear: ciResultsFile ? [ciResultsFile] : [],
      learn: options.learn !== undefined,
      allowUnbuilt: options.allowUnbuilt,
    });
    const redact = createRedactor(prepared.secrets);
    const say = (line: string) => options.quiet || console.log(redact(line));
    say(`Checking ${prepared.settings.baseUrl} (level ${options.level}, ${prepared.settings.concurrency} requests at a time)\n`);
    const checked = await checkTarget(prepared, {
      shard: options.shard,
      say,
      onResult: (r) => say(checkLine(r)),
      reports: { baseline: options.baseline, ciResultsFile },
    });
    const guarded = guardArtifacts([prepared], [checked.summary], reportDir, ciResultsFile || undefined).summaries[0];
    for (const line of [...buildOrderLines(guarded), ...rootCauseLines(guarded), ...failureList(guarded.checks)]) say(line);
    for (const line of unexercisedLines(guarded)) say(line);
    let learned: RunOutcome['learned'];
    const { settings } = prepared;
    if (options.learn !== undefined && !readRunFile(runFiles(settings.runDir).stop)) {
      const views = readExchangeFiles(runFiles(settings.runDir).exchanges).flatMap((entry) => viewOf(entry, settings.baseUrl) ?? []);
      learned = { ...learnDeployment(views, settings, redact), file: resolve(options.learn) };
      writeLearnedProfile(learned.file, learned, redact).forEach(say);
    } else if (options.learn !== undefined)
      say(`--learn: nothing learned, the run never reached the deployment; ${options.learn} not written.`);
    return { exitCode: exitCodeOf(guarded), summary: guarded, reportDir, secrets: prepared.secrets, redact, learned };
  } finally {
    await target.close();
  }
}
