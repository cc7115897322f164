// Runs Playwright once over prepared targets: writes the run manifest, passes
// each target's tokens in its own env var, relays the (redacted) output, then
// reads each target's summary, which the suite's reporter wrote.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
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
// Found the way Node finds packages, so an installed kit uses the project's Playwright; `.ts` in a checkout, `.js` installed.
const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');
const PLAYWRIGHT_CONFIG = fileURLToPath(new URL(`../playwright.config${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

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
    // Whole lines only: a key split across two chunks must still be redacted.
    const relay = (to: NodeJS.WriteStream) => {
      let pending = '';
      const flush = (text: string) => {
        if (!quiet && text) to.write(redact(text));
      };
      return {
        data: (chunk: Buffer) => {
          pending += chunk.toString('utf8');
          const cut = pending.lastIndexOf('\n') + 1;
          flush(pending.slice(0, cut));
          pending = pending.slice(cut);
        },
        end: () => flush(pending),
      };
    };
    const out = relay(process.stdout);
    const err = relay(process.stderr);
    child.stdout.on('data', out.data);
    child.stderr.on('data', err.data);
    child.on('close', (code) => {
      out.end();
      err.end();
      done(code ?? 1);
    });
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
