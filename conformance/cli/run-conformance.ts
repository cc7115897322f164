// Runs the suite once against one deployment: resolves the target (config or
// embedded mock), prepares its settings, checks it in the engine, writes the
// reports (summaries, JUnit, the Playwright HTML report), scans them for keys,
// and returns the verdict.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SuiteConfig } from '../config/config-types.ts';
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { checkTarget } from '../engine/check-target.ts';
import { createRedactor, type Redactor, type Secret } from '../http/redact.ts';
import { writeHtmlReport } from '../present/write-html-report.ts';
import { checkLine, failureList } from '../report/console-lines.ts';
import { exitCodeOf, type Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import type { Baseline } from '../report/baseline.ts';
import { withBaseline } from '../report/run-verdict.ts';
import { guardArtifacts } from './artifact-guard.ts';
import { UsageError, type CliOptions } from './cli-args.ts';
import { prepareTarget } from '../engine/prepare-target.ts';
import type { TargetSession } from '../engine/target-session.ts';
import { learnDeployment, type LearnedDeployment } from '../learn/learn-profile.ts';
import { writeLearnedProfile } from '../learn/write-profile.ts';

export interface RunOptions
  extends
    Pick<CliOptions, 'config' | 'level' | 'readOnly' | 'reportDir' | 'shard' | 'grep' | 'faults' | 'workers'>,
    Partial<Pick<CliOptions, 'concurrency' | 'maxRps' | 'keep' | 'ca' | 'learn'>> {
  /** File name of the counts CI sums, in the report dir (default conformance-results.json); '' for none. */
  ciResultsFile?: string;
  /** Per-request timeout in ms (default 15000). */
  requestTimeoutMs?: number;
  /** Print nothing. */
  quiet?: boolean;
  /** Skip the HTML report. */
  noHtml?: boolean;
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

/** The PEM text of a --ca file; a missing or empty file is a usage error naming it. */
function readCa(path: string): string {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`--ca ${path}: not a PEM file of CA certificates.`);
  return text;
}

/** Runs the suite and writes its reports; never throws for a failing, refusing or unreachable deployment. */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
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
    });
    const redact = createRedactor(prepared.secrets);
    const say = (line: string) => options.quiet || console.log(redact(line));
    say(`Checking ${prepared.settings.baseUrl} (level ${options.level}, ${prepared.settings.concurrency} requests at a time)\n`);
    let session: TargetSession | undefined;
    const checked = await checkTarget(prepared, {
      shard: options.shard,
      say,
      onResult: (r) => say(checkLine(r)),
      onSession: (s) => void (session = s),
    });
    let summary = checked.summary;
    if (!options.noHtml) {
      const [problems] = await writeHtmlReport([{ target: prepared.target, results: checked.results }], reportDir, options.workers, env);
      summary = { ...summary, harnessProblems: [...summary.harnessProblems, ...problems] };
    }
    summary = withBaseline(summary, options.baseline, new Date());
    writeReports(reportDir, summary, ciResultsFile || undefined);
    const guarded = guardArtifacts([prepared], [summary], reportDir, ciResultsFile || undefined).summaries[0];
    for (const line of failureList(guarded.checks)) say(line);
    let learned: RunOutcome['learned'];
    if (options.learn !== undefined && session) {
      learned = { ...learnDeployment(session.views(), prepared.settings, redact), file: resolve(options.learn) };
      writeLearnedProfile(learned.file, learned, redact).forEach(say);
    } else if (options.learn !== undefined)
      say(`--learn: nothing learned, the run never reached the deployment; ${options.learn} not written.`);
    return { exitCode: exitCodeOf(guarded), summary: guarded, reportDir, secrets: prepared.secrets, redact, learned };
  } finally {
    await target.close();
  }
}
