// The authorization matrix's files in a target's run dir (Markdown, HTML and
// its headline), written once after the checks, for the Playwright report to
// attach to its tests. They name keys by config name only.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMatrixHtml } from './matrix-html.ts';
import { renderMatrixMarkdown } from './matrix-markdown.ts';
import { matrixHeadline } from './matrix-text.ts';
import type { Summary } from './summary.ts';

/** Where a run dir keeps the matrix's files. */
export const matrixFiles = (runDir: string) => ({
  markdown: join(runDir, 'authorization-matrix.md'),
  html: join(runDir, 'authorization-matrix.html'),
  headline: join(runDir, 'authorization-matrix.txt'),
});

/** Writes the matrix of a summary into the run dir; nothing when the summary has none. */
export function writeMatrixFiles(runDir: string, summary: Summary): void {
  if (!summary.matrix) return;
  const files = matrixFiles(runDir);
  const runLine = `Run ${summary.runId} against ${summary.baseUrl}, level ${summary.level}${summary.readOnly ? ', read-only' : ''}${summary.shard ? `, shard ${summary.shard}` : ''}.`;
  writeFileSync(files.markdown, renderMatrixMarkdown(summary.matrix, runLine));
  writeFileSync(files.html, renderMatrixHtml(summary.matrix, runLine));
  writeFileSync(files.headline, matrixHeadline(summary.matrix));
}

/** The matrix's headline in a run dir, or undefined when the run wrote no matrix. */
export function readMatrixHeadline(runDir: string): string | undefined {
  const path = matrixFiles(runDir).headline;
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}
