// The GitHub Action's last step: reads the report dir's summary.json and the suite's exit code, adds summary.md to the
// job summary, sets the verdict and counts as step outputs, and exits with the suite's code (plain Node, no install needed).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERDICTS = { 0: 'passed', 1: 'failed', 2: 'no-results', 3: 'error' };

/**
 * The step outputs for one run.
 * @param {string} exitCode the suite's exit code as the run step wrote it ('' when the suite never ran)
 * @param {{ totals?: { pass: number, fail: number, skip: number } } | undefined} summary summary.json, if there is one
 * @returns {Record<'verdict' | 'passed' | 'failed' | 'skipped' | 'exit-code', string>}
 */
export function actionOutputs(exitCode, summary) {
  const code = /^\d+$/.test(exitCode) ? Number(exitCode) : undefined;
  const totals = summary?.totals;
  return {
    verdict: (code !== undefined && VERDICTS[code]) || 'error',
    passed: totals ? String(totals.pass) : '',
    failed: totals ? String(totals.fail) : '',
    skipped: totals ? String(totals.skip) : '',
    'exit-code': code === undefined ? '' : String(code),
  };
}

/** Reads `dir/summary.json`; undefined when it is missing or unreadable (the verdict then rests on the exit code). */
function readSummary(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs the step with the environment GitHub gives it; returns the exit code for the step. */
export function report(env) {
  const dir = resolve(env.REPORT_DIR || 'reports/conformance');
  const outputs = actionOutputs(env.EXIT_CODE ?? '', readSummary(dir));
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
  const markdown = join(dir, 'summary.md');
  const text = existsSync(markdown)
    ? readFileSync(markdown, 'utf8')
    : `**bucketkit conformance: ${outputs.verdict}** (exit ${outputs['exit-code'] || 'none'}): no summary.md in ${dir}; see the step log.\n`;
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, text.endsWith('\n') ? text : `${text}\n`);
  console.log(`bucketkit conformance: ${outputs.verdict} (passed ${outputs.passed || '-'}, failed ${outputs.failed || '-'})`);
  return outputs['exit-code'] === '' ? 1 : Number(outputs['exit-code']);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(report(process.env));
