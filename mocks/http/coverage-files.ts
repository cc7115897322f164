// Writes a coverage report where `--coverage FILE` asked: the JSON to FILE and
// the Markdown next to it (FILE with `.md` in place of `.json`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { formatCoverage, type CoverageReport } from '../observe/coverage.ts';

/** The Markdown file that goes with a coverage JSON file. */
export const markdownPath = (jsonPath: string): string =>
  /\.json$/i.test(jsonPath) ? jsonPath.replace(/\.json$/i, '.md') : `${jsonPath}.md`;

/** Writes both files (synchronously: it runs while the process stops); returns their paths. */
export function writeCoverageFiles(path: string, report: CoverageReport): { json: string; markdown: string } {
  const json = resolve(path);
  const markdown = markdownPath(json);
  mkdirSync(dirname(json), { recursive: true });
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdown, formatCoverage(report, { all: true }));
  return { json, markdown };
}
