// The GitHub Action's last step: reads the report dir's summary.json (only one this run wrote) and the suite's exit
// code, adds summary.md to the job summary, sets the kit's verdict and the counts as step outputs, and exits with the
// suite's code (plain Node, no install needed).
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The verdict output. Exit 3 is a config error with or without a report; without any report, `error`. A run that found
 * failures outside the baseline is `failed` even when it could not finish the rest; `incomplete` means it ran but
 * could not verify everything (or verified nothing) and nothing new failed.
 */
function verdictFor(code, summary, newFailures) {
  if (code === 3) return 'config-error';
  if (!summary) return 'error';
  if (code === 0) return 'passed';
  if (code === 1 || newFailures > 0) return 'failed';
  // Nothing broken, and routes the seed lists not built yet (a half-built server).
  if (code === 4) return 'not-built-yet';
  return 'incomplete';
}

/**
 * The step outputs for one run.
 * @param {string} exitCode the suite's exit code as the run step wrote it ('' when the suite never ran)
 * @param {{ totals: Record<string, number>, baseline?: { newFailures: unknown[], knownFailures: unknown[] } } | undefined} summary
 *   this run's summary.json, if it wrote one
 * @returns {Record<'verdict' | 'passed' | 'failed' | 'not-built' | 'skipped' | 'not-run' | 'not-served' | 'new-failures' | 'known-failures' | 'exit-code', string>}
 */
export function actionOutputs(exitCode, summary) {
  const code = /^\d+$/.test(exitCode) ? Number(exitCode) : undefined;
  const t = summary?.totals;
  const count = (n) => (t ? String(n ?? 0) : '');
  // Without a baseline every failure is new, so a workflow can gate on new-failures either way.
  const newFailures = t ? (summary.baseline ? summary.baseline.newFailures.length : t.fail) : undefined;
  return {
    verdict: verdictFor(code, summary, newFailures ?? 0),
    passed: count(t?.pass),
    failed: count(t?.fail),
    'not-built': count(t?.unbuilt),
    skipped: count(t?.skip),
    'not-run': count(t?.error),
    'not-served': count(t?.unserved),
    'new-failures': count(newFailures),
    'known-failures': count(summary?.baseline?.knownFailures.length),
    'exit-code': code === undefined ? '' : String(code),
  };
}

/**
 * Reads `dir/summary.json` when this run wrote it: not before `startedAt` (seconds; a little slack for coarse file
 * times), and not at all when the suite never started. Undefined when missing, stale or unreadable.
 */
export function readSummary(dir, startedAt) {
  const path = join(dir, 'summary.json');
  if (!/^\d+$/.test(startedAt ?? '') || !existsSync(path)) return undefined;
  if (statSync(path).mtimeMs < (Number(startedAt) - 2) * 1000) return undefined;
  try {
    const summary = JSON.parse(readFileSync(path, 'utf8'));
    return summary && typeof summary.totals === 'object' ? summary : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the step with the environment GitHub gives it; returns the exit code for the step. */
export function report(env) {
  const dir = resolve(env.REPORT_DIR || 'reports/conformance');
  const summary = readSummary(dir, env.RUN_STARTED);
  const outputs = actionOutputs(env.EXIT_CODE ?? '', summary);
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
  const markdown = join(dir, 'summary.md');
  const text =
    summary && existsSync(markdown)
      ? readFileSync(markdown, 'utf8')
      : `**bucketkit conformance: ${outputs.verdict}** (exit ${outputs['exit-code'] || 'none'}): no summary of this run in ${dir}; see the step log.\n`;
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, text.endsWith('\n') ? text : `${text}\n`);
  const counts = ['passed', 'failed', 'new-failures', 'known-failures', 'not-run'].map((k) => `${k} ${outputs[k] || '-'}`).join(', ');
  console.log(`bucketkit conformance: ${outputs.verdict} (${counts})`);
  return outputs['exit-code'] === '' ? 1 : Number(outputs['exit-code']);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(report(process.env));
