// Runs Playwright once over prepared targets: writes the run manifest, passes
// each target's tokens in its own env var, relays the (redacted) output, then
// reads each target's summary, which the suite's reporter wrote.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { createRedactor, type Redactor } from '../http/redact.ts';
import { routeLabel } from '../plan/check-types.ts';
import { buildSummary, type Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import { MANIFEST_ENV, readStop, tokensEnvOf, writeManifest, type RunManifest } from '../runtime/run-files.ts';
import { buildPlan } from '../runtime/run-plan.ts';
import type { Leak } from '../report/leak-scan.ts';
import { guardArtifacts } from './artifact-guard.ts';
import type { PreparedTarget } from './prepare-target.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PLAYWRIGHT_CLI = join(REPO_ROOT, 'node_modules/@playwright/test/cli.js');
const PLAYWRIGHT_CONFIG = join(REPO_ROOT, 'conformance/playwright.config.ts');

export interface SuiteRunOptions extends Omit<RunManifest, 'targets'> {
  /** Print nothing of Playwright's output. */
  quiet: boolean;
  env: NodeJS.ProcessEnv;
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

/** The summary of a target whose reporter wrote none: every planned check that should have run is reported as not run. */
function missingSummary(prepared: PreparedTarget, shard: string | undefined, problem: string): Summary {
  const { settings } = prepared;
  const checks = buildPlan(settings).map(({ def, status, reason }) => ({
    id: def.id,
    title: def.title,
    area: def.area,
    level: def.level,
    route: def.route,
    status: status === 'run' ? ('error' as const) : status,
    reason: status === 'run' ? `not run: ${problem}` : reason,
  }));
  return buildSummary(
    {
      runId: settings.runId,
      baseUrl: settings.baseUrl,
      level: settings.level,
      readOnly: settings.readOnly,
      shard,
      // In a shard the plan is not this shard's part: list no check rather than claim another shard's.
      checks: shard ? [] : checks,
      harnessProblems: [problem],
      incomplete: readStop(settings.runDir),
    },
    loadRouteTable().map(routeLabel),
  );
}

export interface SuiteRun {
  /** One per target, in order. */
  summaries: Summary[];
  /** Per target, the artifacts the scan found a key in (deleted, and named in the summary). */
  leaks: Leak[][];
}

/** Runs the suite over the targets. Playwright's exit code is not the verdict: the summaries are. */
export async function runSuite(targets: PreparedTarget[], options: SuiteRunOptions): Promise<SuiteRun> {
  const runDir = join(options.outputDir, 'run');
  mkdirSync(runDir, { recursive: true });
  const manifestPath = join(runDir, 'manifest.json');
  const { quiet, env, ...manifest } = options;
  writeManifest(manifestPath, { ...manifest, targets: targets.map((t) => t.target) });
  const childEnv: NodeJS.ProcessEnv = { ...env, [MANIFEST_ENV]: manifestPath };
  targets.forEach((t, i) => {
    childEnv[tokensEnvOf(i)] = JSON.stringify(Object.fromEntries(t.secrets.map((s) => [s.env, s.token])));
  });
  const redact = createRedactor(targets.flatMap((t) => t.secrets));
  const args = options.shard ? [`--shard=${options.shard}`] : [];
  const exit = await runPlaywright(args, childEnv, redact, quiet);
  const summaries = targets.map((t) => {
    const path = join(t.target.reportDir, 'summary.json');
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Summary;
    const summary = missingSummary(
      t,
      options.shard,
      `Playwright ended (exit ${exit}) before the suite's reporter wrote a summary; see its output`,
    );
    writeReports(t.target.reportDir, summary, options.ciResultsFile);
    return summary;
  });
  return guardArtifacts(targets, summaries, options.outputDir, options.ciResultsFile);
}
