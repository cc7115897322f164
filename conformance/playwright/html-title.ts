// The HTML report's title: the run's verdict and the count of every outcome,
// so a reader of the report sees at once what its header's "skipped" holds
// (checks that could not run, routes not served, checks skipped or disabled),
// the same counts as summary.json and the console.
import { matrixHeadline } from '../report/matrix-text.ts';
import type { Summary, Verdict } from '../report/summary.ts';

/** "FAILED (exit 1): 120 passed · 3 failed · 5 not run · 10 not served · 2 skipped · 0 disabled — …". */
export function htmlTitle(summary: Summary, verdict: Verdict, matrixFile: string): string {
  const t = summary.totals;
  const counts = `${t.pass} passed · ${t.fail} failed · ${t.unbuilt ? `${t.unbuilt} not built yet · ` : ''}${t.error} not run · ${t.unserved} not served · ${t.skip} skipped · ${t.disabled} disabled`;
  const matrix = summary.matrix ? ` — authorization matrix: ${matrixHeadline(summary.matrix)} (${matrixFile})` : '';
  return `${verdict.label} (exit ${verdict.exitCode}): ${counts}${matrix}`;
}
