// The lines a run prints after its totals: what its client sent and met
// (requests, rate limits, transient failures), harness problems, cleanup
// problems, the test files kept so failing checks' curl lines reproduce, and
// last the routes no check exercised, with why.
import { join } from 'node:path';
import { transientText, type Summary } from './summary.ts';
import { listingShapesLines } from './listing-shapes-text.ts';
import { unexercisedLines } from './unexercised-routes.ts';
import { variantLine } from '../operators/axis-counts.ts';

/** The notes of a run whose reports are in `reportDir`. */
export function runNotes(summary: Summary, reportDir: string): string[] {
  const lines: string[] = [];
  const stats = summary.stats;
  if (stats?.requests !== undefined)
    lines.push(
      `requests sent: ${stats.requests} (at most ${stats.maxInFlight} at a time); rate limited: ${stats.rateLimited ?? 0} answer(s), ${((stats.waitedMs ?? 0) / 1000).toFixed(1)} s waited${stats.transient ? `; ${transientText(stats.transient)}` : ''}`,
    );
  if (stats?.variants) lines.push(variantLine(stats.variants));
  lines.push(...listingShapesLines(stats?.listingShapes));
  for (const problem of summary.harnessProblems) lines.push(`harness problem: ${problem}`);
  if (summary.cleanup?.problems.length)
    lines.push(`cleanup problems (not conformance failures): ${summary.cleanup.problems.length}; see summary.md`);
  const keptFiles = summary.cleanup?.kept.filter((k) => k.startsWith('file ')).length ?? 0;
  if (keptFiles)
    lines.push(
      `${keptFiles} test file(s) kept so the failing checks' curl commands reproduce; remove them with --cleanup ${join(reportDir, 'run', 'ledger.jsonl')} (same config and keys)`,
    );
  if (summary.checks.length === 0 && summary.userTests?.length)
    lines.push("the kit's checks were not part of this run (checks: false): only your own tests ran, each judged by the seed's rules");
  lines.push(...unexercisedLines(summary));
  return lines;
}
