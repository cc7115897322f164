// Runs the suite as what it is, a Playwright test suite: `playwright test`
// with the kit's config, the run's options handed over as the BUCKETKIT_*
// variables the config and its global set-up read, Playwright's own --shard,
// --grep, --workers and --list. The kit's reporter writes the summary; the
// exit code is the verdict it records.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRunFile } from '../engine/run-files.ts';
import type { Summary } from '../report/summary.ts';
import { verdictOf } from '../report/summary.ts';
import type { CliOptions } from '../config/cli-args.ts';
import { RUN_ENV } from '../config/run-env.ts';
import { pickWorkers } from './pick-workers.ts';

// Found the way Node finds packages, so an installed kit uses the project's Playwright; `.ts` in a checkout, `.js` installed.
const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');
const KIT_CONFIG = fileURLToPath(new URL(`../playwright.config${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** The variables that hand the run's options to the kit's Playwright config. */
export function runEnv(options: CliOptions, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    ...(options.config ? { BUCKETKIT_CONFIG: resolve(options.config) } : {}),
    BUCKETKIT_LEVEL: options.level,
    BUCKETKIT_READ_ONLY: options.readOnly ? '1' : '0',
    BUCKETKIT_REPORT_DIR: resolve(options.reportDir),
    BUCKETKIT_CONCURRENCY: String(options.concurrency),
    ...(options.workers !== undefined ? { BUCKETKIT_WORKERS: String(options.workers) } : {}),
    BUCKETKIT_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs),
    BUCKETKIT_KEEP: options.keep ? '1' : '0',
    BUCKETKIT_ALLOW_UNBUILT: options.allowUnbuilt ? '1' : '0',
    ...(options.maxRps !== undefined ? { BUCKETKIT_MAX_RPS: String(options.maxRps) } : {}),
    ...(options.ca ? { BUCKETKIT_CA: resolve(options.ca) } : {}),
    ...(options.learn ? { BUCKETKIT_LEARN: resolve(options.learn) } : {}),
    ...(options.baseline ? { BUCKETKIT_BASELINE: resolve(options.baseline) } : {}),
    ...(options.faults.length ? { [RUN_ENV.faults]: options.faults.join(',') } : {}),
    // The CLI's --grep is Playwright's; the variable must not narrow the plan a second time.
    BUCKETKIT_GREP: '',
    BUCKETKIT_SHARD: '',
  };
}

/** Playwright's arguments for the options. */
export function playwrightArgs(options: CliOptions): string[] {
  return [
    'test',
    '-c',
    KIT_CONFIG,
    ...(options.shard ? ['--shard', options.shard] : []),
    ...(options.grep ? ['--grep', options.grep] : []),
    ...(options.list ? ['--list'] : []),
  ];
}

/** Runs Playwright with the kit's config; resolves with its exit code. */
export function runPlaywright(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, ...args], { env, stdio: 'inherit' });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Runs the suite; the verdict's exit code (3 when Playwright ended before the kit's reporter could write a summary). */
export async function runWithPlaywright(options: CliOptions, env: NodeJS.ProcessEnv): Promise<{ exitCode: number; summary?: Summary }> {
  // A summary left by an earlier run must not stand for this one when it ends before writing its own.
  rmSync(resolve(options.reportDir, 'summary.json'), { force: true });
  const workers = options.workers ?? (options.list ? undefined : await pickWorkers(options, env));
  const code = await runPlaywright(playwrightArgs(options), runEnv({ ...options, workers }, env));
  if (options.list) return { exitCode: code };
  const summary = readRunFile<Summary>(resolve(options.reportDir, 'summary.json'));
  if (!summary) {
    console.error(`bucketkit: the run wrote no summary (Playwright exited with ${code}); see the messages above.`);
    return { exitCode: 3 };
  }
  return { exitCode: verdictOf(summary).exitCode, summary };
}
