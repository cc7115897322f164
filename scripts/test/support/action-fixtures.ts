// Test support for the action's local runs: a stand-in for the installed kit that writes a fixture's reports, the
// fixtures themselves (built by the kit's own summary, baseline and markdown code), and a stand-in Actions cache.
import { parseBaseline } from '../../../conformance/report/baseline.ts';
import { renderMarkdown } from '../../../conformance/report/markdown.ts';
import { runVerdict, withBaseline, type SummaryWithBaseline } from '../../../conformance/report/run-verdict.ts';
import { buildSummary, type Summary, type SummaryCheck } from '../../../conformance/report/summary.ts';
import { summaryCheck } from '../../../conformance/test/support/summary-checks.ts';
import type { LocalRunOptions } from './action-runner.ts';

/** Stands where the install step puts the kit: records its arguments, writes the fixture's reports, exits with its code. */
export const STAND_IN_KIT = `import { mkdirSync, writeFileSync } from 'node:fs';
const args = process.argv.slice(2);
writeFileSync(process.env.ARGS_FILE, JSON.stringify(args));
const fixture = JSON.parse(process.env.FIXTURE);
if (fixture.summary) {
  const dir = args[args.indexOf('--report-dir') + 1];
  mkdirSync(dir, { recursive: true });
  writeFileSync(dir + '/summary.json', JSON.stringify(fixture.summary));
  writeFileSync(dir + '/summary.md', fixture.markdown);
}
process.exit(fixture.exit);
`;

/** What the stand-in kit writes and exits with (no summary: the kit wrote no report). */
export interface Fixture {
  summary?: SummaryWithBaseline;
  markdown?: string;
  exit: number;
}

/** A run's summary of these checks. */
export const summarize = (checks: SummaryCheck[], over: Partial<Summary> = {}) =>
  buildSummary({ runId: 'bk1', baseUrl: 'http://h/api/v1', level: 'profile', readOnly: false, checks, harnessProblems: [], ...over }, [
    'GET /a',
  ]);

/** Checks of one status. */
export const checks = (status: SummaryCheck['status'], ...ids: string[]) => ids.map((id) => summaryCheck(id, status));

/** The reports the kit writes for this run (judged against the known failures given), with the exit code it gives. */
export function reported(summary: Summary, known?: object[]): Fixture {
  const judged = withBaseline(summary, known && parseBaseline(JSON.stringify({ known }), 'known.json'), new Date());
  return { summary: judged, markdown: renderMarkdown(judged), exit: runVerdict(judged).exitCode };
}

/** An Actions cache whose restore hits or misses; the keys saved are recorded. */
export function standInCache(hit: boolean): { saved: string[]; uses: LocalRunOptions['uses'] } {
  const saved: string[] = [];
  const uses = (name: string, inputs: Record<string, string>): Record<string, string> => {
    if (name === 'actions/cache/restore@v4') return { 'cache-hit': hit ? 'true' : 'false' };
    if (name === 'actions/cache/save@v4') {
      saved.push(inputs.key);
      return {};
    }
    throw new Error(`No stand-in for ${name}`);
  };
  return { saved, uses };
}
