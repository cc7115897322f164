// Writes a summary's files into a report dir: summary.json (its verdict first),
// summary.md, junit.xml, and on request the counts a CI job sums ("*-results.json").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import { summaryVerdictOf, type Summary } from './summary.ts';

/**
 * Writes every report of the summary; `ciResultsFile` names the counts file (none when undefined). A Playwright run
 * leaves junit.xml to Playwright's own JUnit reporter.
 */
export function writeReports(dir: string, summary: Summary, ciResultsFile?: string, options: { junit?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  // Judged from the summary as written (a verdict it carries from an earlier write may be stale), and put first.
  const { verdict: _earlier, ...judged } = summary;
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify({ verdict: summaryVerdictOf(judged), ...judged }, null, 2)}\n`);
  writeFileSync(join(dir, 'summary.md'), renderMarkdown(summary));
  if (options.junit !== false) writeFileSync(join(dir, 'junit.xml'), renderJunit(summary));
  if (ciResultsFile) {
    const t = summary.totals;
    const broken = summary.harnessProblems.length + (summary.incomplete ? 1 : 0);
    writeFileSync(
      join(dir, ciResultsFile),
      JSON.stringify({
        numPassedTests: t.pass,
        numFailedTests: t.fail + t.error + broken + (summary.allowUnbuilt ? 0 : t.unbuilt),
        numPendingTests: t.skip + t.disabled + (summary.allowUnbuilt ? t.unbuilt : 0),
      }),
    );
  }
}
