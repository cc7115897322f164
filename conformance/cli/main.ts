// The `bucketkit conformance` command: runs the suite, cleans up after a
// crashed run (--cleanup LEDGER) or merges shard reports (--merge); either
// judged against a baseline of known failures (--baseline FILE).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { routeLabel } from '../plan/check-types.ts';
import { BaselineError, loadBaseline, type Baseline } from '../report/baseline.ts';
import { baselineConsoleLine } from '../report/baseline-text.ts';
import { runVerdict, withBaseline } from '../report/run-verdict.ts';
import type { Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import { mergeReportDirs } from '../report/merge-reports.ts';
import { ShardSetError } from '../report/shard-set.ts';
import { parseArgs, USAGE, UsageError } from './cli-args.ts';
import { runConformance } from './run-conformance.ts';
import { cleanupFromLedger } from './cleanup-command.ts';
import { listChecks } from './list-command.ts';

/** Rewrites the report dir's summaries with the baseline applied and prints what it found; the summary as judged. */
function judgeAgainst(baseline: Baseline | undefined, reportDir: string, summary: Summary): Summary {
  if (!baseline) return summary;
  const judged = withBaseline(summary, baseline, new Date());
  writeReports(reportDir, judged);
  console.log(baselineConsoleLine(judged.baseline!));
  return judged;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'conformance') {
    console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
    // A wrong command is a bad option (3), not a run without results (2).
    return command ? 3 : 0;
  }
  const options = parseArgs(rest, process.env);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (options.cleanup)
    return cleanupFromLedger(options.cleanup, options.config, process.env, {
      timeoutMs: options.requestTimeoutMs,
      ...(options.ca ? { ca: [readFileSync(options.ca, 'utf8')] } : {}),
    });
  if (options.list) {
    const { lines, note } = listChecks(options, process.env);
    console.log(lines.join('\n'));
    console.error(note);
    return 0;
  }
  // Checked before anything runs: a bad baseline must not cost a whole run.
  const baseline = options.baseline ? loadBaseline(options.baseline) : undefined;
  if (options.merge.length) {
    let merged: Summary;
    try {
      merged = mergeReportDirs(options.merge, options.reportDir, loadRouteTable().map(routeLabel));
    } catch (error) {
      if (!(error instanceof ShardSetError)) throw error;
      console.error(error.message);
      return 3;
    }
    const t = merged.totals;
    console.log(
      `Merged ${options.merge.length} shard report(s) into ${resolve(options.reportDir)} (summary.json, summary.md, junit.xml): ${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.disabled} disabled, ${t.error} could not run.`,
    );
    const verdict = runVerdict(judgeAgainst(baseline, options.reportDir, merged));
    console.log(`${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason}`);
    return verdict.exitCode;
  }
  const { summary, reportDir } = await runConformance({ ...options, baseline });
  const t = summary.totals;
  console.log(
    `\nconformance (${summary.level}): ${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.disabled} disabled, ${t.error} could not run, ${t.unserved} not served; reports in ${reportDir}`,
  );
  const stats = summary.stats;
  if (stats?.requests !== undefined)
    console.log(
      `requests sent: ${stats.requests} (at most ${stats.maxInFlight} at a time); rate limited: ${stats.rateLimited ?? 0} answer(s), ${((stats.waitedMs ?? 0) / 1000).toFixed(1)} s waited`,
    );
  for (const problem of summary.harnessProblems) console.log(`harness problem: ${problem}`);
  if (summary.cleanup?.problems.length)
    console.log(`cleanup problems (not conformance failures): ${summary.cleanup.problems.length}; see summary.md`);
  const keptFiles = summary.cleanup?.kept.filter((k) => k.startsWith('file ')).length ?? 0;
  if (keptFiles)
    console.log(
      `${keptFiles} test file(s) kept so the failing checks' curl commands reproduce; remove them with --cleanup ${join(reportDir, 'run', 'ledger.jsonl')} (same config and keys)`,
    );
  if (summary.baseline) console.log(baselineConsoleLine(summary.baseline));
  const verdict = runVerdict(summary);
  console.log(`${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason}`);
  return verdict.exitCode;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error instanceof UsageError || error instanceof BaselineError ? error.message : `bucketkit: ${error.message}`);
    process.exit(3);
  },
);
