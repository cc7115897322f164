// Writes a summary's files into a report dir: summary.json, summary.md,
// junit.xml, and on request the counts a CI job sums ("*-results.json").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { Summary } from './summary.ts';

/** Writes every report of the summary; `ciResultsFile` names the counts file (none when undefined). */
export function writeReports(dir: string, summary: Summary, ciResultsFile?: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(dir, 'summary.md'), renderMarkdown(summary));
  writeFileSync(join(dir, 'junit.xml'), renderJunit(summary));
  if (ciResultsFile) {
    const t = summary.totals;
    const broken = summary.harnessProblems.length + (summary.incomplete ? 1 : 0);
    writeFileSync(
      join(dir, ciResultsFile),
      JSON.stringify({ numPassedTests: t.pass, numFailedTests: t.fail + t.error + broken, numPendingTests: t.skip + t.disabled }),
    );
  }
}
