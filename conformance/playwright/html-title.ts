// The HTML report's title: the run's verdict and the count of every outcome,
// so a reader of the report sees at once what its header's "skipped" holds
// (checks that could not run, routes not served, checks skipped or disabled),
// the same counts as summary.json and the console; a user's own tests counted
// beside the checks, as the header counts them. It names the authorization
// matrix only when that file is there, by its name beside the report.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { matrixHeadline } from '../report/matrix-text.ts';
import { rootCauseHeadline } from '../report/root-causes.ts';
import type { Summary, Verdict } from '../report/summary.ts';

/** "FAILED (exit 1): 120 passed · 3 failed · 5 not run · 10 not served · 2 skipped · 0 disabled — …". */
export function htmlTitle(summary: Summary, verdict: Verdict, matrixFile: string): string {
  const t = summary.totals;
  const users = summary.userTests ?? [];
  const own = users.length
    ? `your own tests: ${users.filter((u) => u.status === 'passed').length} passed · ${users.filter((u) => u.status === 'failed').length} failed`
    : '';
  const checks = summary.checks.length
    ? `${t.pass} passed · ${t.fail} failed · ${t.unbuilt ? `${t.unbuilt} not built yet · ` : ''}${t.error} not run · ${t.unserved} not served · ${t.skip} skipped · ${t.disabled} disabled`
    : '';
  const counts = [checks && (own ? `checks: ${checks}` : checks), own].filter(Boolean).join('; ');
  const matrix =
    summary.matrix && existsSync(matrixFile)
      ? ` — authorization matrix: ${matrixHeadline(summary.matrix)} (${basename(matrixFile)}, beside this report)`
      : '';
  const causes = rootCauseHeadline(summary);
  return `${verdict.label} (exit ${verdict.exitCode}): ${counts || 'nothing ran'}${causes ? ` — root causes first: ${causes}` : ''}${matrix}`;
}
