// Runs the suite once against one deployment: resolves the target (config or
// embedded mock), prepares its settings, runs the preflight, then Playwright;
// the suite's reporter writes the summaries, and the result is their verdict.
import { resolve } from 'node:path';
import type { SuiteConfig } from '../config/config-types.ts';
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { createRedactor, type Redactor, type Secret } from '../http/redact.ts';
import { exitCodeOf, type Summary } from '../report/summary.ts';
import { writeStop } from '../runtime/run-files.ts';
import type { CliOptions } from './cli-args.ts';
import { preflight } from './preflight.ts';
import { prepareTarget } from './prepare-target.ts';
import { runSuite } from './run-suite.ts';

export interface RunOptions extends Pick<
  CliOptions,
  'config' | 'level' | 'readOnly' | 'reportDir' | 'shard' | 'grep' | 'faults' | 'workers'
> {
  /** File name of the counts CI sums, in the report dir (default conformance-results.json); '' for none. */
  ciResultsFile?: string;
  /** Per-request timeout in ms (default 15000). */
  requestTimeoutMs?: number;
  /** Print nothing of Playwright's output. */
  quiet?: boolean;
  /** Skip the HTML report. */
  noHtml?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface RunOutcome {
  exitCode: number;
  summary: Summary;
  reportDir: string;
  secrets: Secret[];
  redact: Redactor;
}

async function resolveTarget(options: RunOptions, env: NodeJS.ProcessEnv): Promise<{ config: SuiteConfig; close(): Promise<void> }> {
  if (hasConfigSource(options.config, env)) {
    if (options.faults.length) throw new Error('--fault plants faults in the embedded mock; it cannot be combined with a config.');
    return { config: loadConfig(options.config, env), close: async () => undefined };
  }
  return startEmbeddedTarget(options.faults);
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
      alsoClear: ciResultsFile ? [ciResultsFile] : [],
    });
    const checked = await preflight(prepared.settings, prepared.secrets);
    const say = (line: string) => options.quiet || console.log(line);
    checked.notes.forEach(say);
    if (checked.stop) {
      say(`preflight: ${checked.stop.reason}`);
      // The checks still go through Playwright, which reports each as not run (in a shard, only its own).
      writeStop(prepared.settings.runDir, checked.stop);
    }
    const {
      summaries: [summary],
    } = await runSuite([prepared], {
      outputDir: reportDir,
      workers: options.workers,
      shard: options.shard,
      list: !options.quiet,
      html: !options.noHtml,
      ciResultsFile: ciResultsFile || undefined,
      quiet: options.quiet ?? false,
      env,
    });
    return { exitCode: exitCodeOf(summary), summary, reportDir, secrets: prepared.secrets, redact: createRedactor(prepared.secrets) };
  } finally {
    await target.close();
  }
}
