// Writes Playwright's HTML report of a run from the engine's outcomes (one
// Playwright process; no token is passed to it) and proves it agrees with the
// run's results: every check shown, each with the status its record has.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckResult } from '../report/outcome.ts';
import { MANIFEST_ENV, writeManifest, type RunTarget } from '../engine/run-files.ts';
import { SHOWN_FILE, type ShownOutcomes } from './verdict-reporter.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Found the way Node finds packages, so an installed kit uses the project's Playwright; `.ts` in a checkout, `.js` installed.
const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');
const PLAYWRIGHT_CONFIG = fileURLToPath(new URL(`../playwright.config${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** How each status of a check shows in Playwright's report. */
const SHOWN_AS: Record<CheckResult['status'], string> = {
  pass: 'passed',
  fail: 'failed',
  skip: 'skipped',
  disabled: 'skipped',
  error: 'skipped',
  unserved: 'skipped',
};

function runPlaywright(env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, 'test', '-c', PLAYWRIGHT_CONFIG], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/**
 * Writes `outputDir/html` for the targets (their outcomes are in their run dirs) and returns, per target, the
 * problems found: a check the report does not show, or shows with another status.
 */
export async function writeHtmlReport(
  targets: { target: RunTarget; results: CheckResult[] }[],
  outputDir: string,
  workers = 1,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[][]> {
  mkdirSync(outputDir, { recursive: true });
  const manifestPath = join(outputDir, 'run-manifest.json');
  writeManifest(manifestPath, { targets: targets.map((t) => t.target), outputDir, workers });
  const { output } = await runPlaywright({ ...env, [MANIFEST_ENV]: manifestPath });
  const shownPath = join(outputDir, SHOWN_FILE);
  if (!existsSync(shownPath)) {
    const why = output.trim().split('\n').slice(-5).join(' ').slice(0, 500);
    return targets.map(() => [`the HTML report could not be written (Playwright: ${why || 'no output'})`]);
  }
  const shown = JSON.parse(readFileSync(shownPath, 'utf8')) as ShownOutcomes;
  return targets.map(({ results }, index) => {
    const mine = shown[String(index)] ?? {};
    const wrong = results.filter((r) => mine[r.id] !== SHOWN_AS[r.status]);
    if (wrong.length === 0) return [];
    const examples = wrong.slice(0, 3).map((r) => `${r.id} is ${r.status} but shows ${mine[r.id] ?? 'nothing'}`);
    return [`the HTML report disagrees with the results on ${wrong.length} check(s): ${examples.join('; ')}`];
  });
}
