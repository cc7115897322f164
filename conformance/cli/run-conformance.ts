// Runs the suite once: resolves the target (config or embedded mock), writes the
// run settings, runs Playwright as a child process with the keys in its env,
// then writes summary.json and summary.md and scrubs every artifact.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings, SuiteConfig } from '../config/config-types.ts';
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { createRedactor, type Redactor } from '../http/redact.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';
import { routeLabel } from '../plan/check-types.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { scrubDirectory } from '../report/scrub.ts';
import { buildSummary, exitCodeOf, type Summary, type SummaryCheck } from '../report/summary.ts';
import { buildPlan } from '../runtime/run-plan.ts';
import { RUN_DIR_ENV, readRecords, writeSettings } from '../runtime/run-files.ts';
import type { CliOptions } from './cli-args.ts';
import { readPlaywrightOutcomes } from './playwright-results.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PLAYWRIGHT_CLI = join(REPO_ROOT, 'node_modules/@playwright/test/cli.js');
const PLAYWRIGHT_CONFIG = join(REPO_ROOT, 'conformance/playwright.config.ts');

export interface RunOptions extends Pick<
  CliOptions,
  'config' | 'level' | 'readOnly' | 'reportDir' | 'shard' | 'grep' | 'faults' | 'workers'
> {
  /** Name of Playwright's JSON results file; the self-test avoids the `-results.json` ending CI counts. */
  resultsFile?: string;
  /** Per-request timeout in ms (default 15000). */
  requestTimeoutMs?: number;
  /** Print nothing of Playwright's output. */
  quiet?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface RunOutcome {
  exitCode: number;
  summary: Summary;
  reportDir: string;
  redact: Redactor;
}

/** A run id that sorts by time and is safe in paths, tags and names. */
export function newRunId(): string {
  return `bk${Date.now().toString(36)}${process.pid.toString(36)}${Math.floor(performance.now() * 1000)
    .toString(36)
    .slice(-3)}`.toLowerCase();
}

async function resolveTarget(options: RunOptions, env: NodeJS.ProcessEnv): Promise<{ config: SuiteConfig; close(): Promise<void> }> {
  if (hasConfigSource(options.config, env)) {
    if (options.faults.length) throw new Error('--fault plants faults in the embedded mock; it cannot be combined with a config.');
    return { config: loadConfig(options.config, env), close: async () => undefined };
  }
  return startEmbeddedTarget(options.faults);
}

function runPlaywright(args: string[], env: NodeJS.ProcessEnv, redact: Redactor, quiet: boolean): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, 'test', '-c', PLAYWRIGHT_CONFIG, ...args], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const relay = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (!quiet) to.write(redact(chunk.toString('utf8')));
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code) => done(code ?? 1));
  });
}

function clearReportDir(reportDir: string, resultsFile: string): void {
  for (const name of ['run', 'html', 'test-output', 'junit.xml', 'summary.json', 'summary.md', resultsFile])
    rmSync(join(reportDir, name), { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
}

/** Runs the suite and writes its reports; never throws for a failing deployment. */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const env = options.env ?? process.env;
  const reportDir = resolve(options.reportDir);
  const resultsFile = options.resultsFile ?? 'conformance-results.json';
  const target = await resolveTarget(options, env);
  try {
    const tokens = resolveTokens(target.config, env);
    const redact = createRedactor(tokens);
    const runId = newRunId();
    clearReportDir(reportDir, resultsFile);
    const settings: RunSettings = {
      runId,
      runPrefix: `bucketkit-conformance/${runId}/`,
      baseUrl: target.config.baseUrl,
      workspaceId: target.config.workspaceId,
      buckets: target.config.buckets,
      keys: target.config.keys.map((k, i) => ({ name: k.name, env: tokens[i].env, scopes: k.scopes, bucketIds: k.bucketIds })),
      overrides: target.config.overrides,
      level: options.level,
      readOnly: options.readOnly,
      grep: options.grep,
      runDir: join(reportDir, 'run'),
      requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
    };
    writeSettings(settings);
    const plan = buildPlan(settings);
    const childEnv: NodeJS.ProcessEnv = {
      ...env,
      [RUN_DIR_ENV]: settings.runDir,
      BUCKETKIT_REPORT_DIR: reportDir,
      BUCKETKIT_RESULTS_FILE: resultsFile,
      BUCKETKIT_WORKERS: String(options.workers),
      ...Object.fromEntries(tokens.map((t) => [t.env, t.token])),
    };
    const args = options.shard ? [`--shard=${options.shard}`] : [];
    const playwrightExit = await runPlaywright(args, childEnv, redact, options.quiet ?? false);

    const records = readRecords(settings.runDir);
    const outcomes = readPlaywrightOutcomes(join(reportDir, resultsFile));
    const harnessProblems: string[] = [];
    if (!outcomes) harnessProblems.push(`Playwright wrote no results (exit ${playwrightExit}); see its output above.`);
    const checks: SummaryCheck[] = [];
    for (const planned of plan) {
      const outcome = outcomes?.get(planned.def.id);
      const record = records.get(planned.def.id);
      if (!outcome && !record) continue; // In another shard.
      const { id, title, area, level, route } = planned.def;
      if (planned.status !== 'run') {
        checks.push({ id, title, area, level, route, status: planned.status, reason: planned.reason });
        continue;
      }
      const status = record?.status ?? 'error';
      const reason =
        record?.reason ??
        (record ? undefined : `no result recorded: ${redact(outcome?.error ?? 'the test did not finish (timeout or set-up failure)')}`);
      checks.push({ id, title, area, level, route, status, reason, failure: record?.failure });
    }
    for (const file of scrubDirectory(reportDir, redact))
      harnessProblems.push(`A key reached ${file} and was redacted there afterwards; please report this as a bug.`);
    const cleanupPath = join(settings.runDir, 'cleanup.json');
    const cleanup = existsSync(cleanupPath) ? (JSON.parse(readFileSync(cleanupPath, 'utf8')) as CleanupReport) : undefined;
    const summary = buildSummary(
      {
        runId,
        baseUrl: settings.baseUrl,
        level: settings.level,
        readOnly: settings.readOnly,
        shard: options.shard,
        checks,
        cleanup,
        harnessProblems,
      },
      loadRouteTable().map(routeLabel),
    );
    writeFileSync(join(reportDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileSync(join(reportDir, 'summary.md'), renderMarkdown(summary));
    return { exitCode: exitCodeOf(summary), summary, reportDir, redact };
  } finally {
    await target.close();
  }
}
