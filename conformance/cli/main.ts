// The `bucketkit conformance` command: runs the suite (a Playwright run of the
// kit's config), lists its checks, cleans up after a crashed run (--cleanup
// LEDGER) or merges shard reports (--merge); either judged against a baseline
// of known failures (--baseline FILE).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BaselineError, loadBaseline } from '../report/baseline.ts';
import { baselineConsoleLine } from '../report/baseline-text.ts';
import { runVerdict } from '../report/run-verdict.ts';
import type { Summary } from '../report/summary.ts';
import { mergeShards } from './merge-command.ts';
import { ShardSetError } from '../report/shard-set.ts';
import { parseArgs, USAGE, UsageError } from '../config/cli-args.ts';
import { cleanupFromLedger } from './cleanup-command.ts';
import { checkConfigBeforeList, checkConfigBeforeRun } from './config-check.ts';
import { learnFromRun } from './learn-after-run.ts';
import { runWithPlaywright } from './run-playwright.ts';

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
    // A config that cannot be read is said once, with exit 3, before Playwright loads a spec file.
    checkConfigBeforeList(options, process.env);
    return (await runWithPlaywright(options, process.env)).exitCode;
  }
  // Checked before anything runs: a bad baseline must not cost a whole run.
  const baseline = options.baseline ? loadBaseline(options.baseline) : undefined;
  if (options.merge.length) {
    let merged: Summary;
    try {
      merged = await mergeShards(options.merge, options.reportDir, baseline);
    } catch (error) {
      if (!(error instanceof ShardSetError)) throw error;
      console.error(error.message);
      return 3;
    }
    const t = merged.totals;
    console.log(
      `Merged ${options.merge.length} shard report(s) into ${resolve(options.reportDir)} (summary.json, summary.md, junit.xml, html/): ${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.disabled} disabled, ${t.error} could not run, ${t.unserved} not served.`,
    );
    if (merged.baseline) console.log(baselineConsoleLine(merged.baseline));
    const verdict = runVerdict(merged);
    console.log(`${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason}`);
    return verdict.exitCode;
  }
  // A config that cannot run stops here, with the fix, before Playwright starts.
  checkConfigBeforeRun(options, process.env);
  const { exitCode } = await runWithPlaywright(options, process.env);
  if (options.learn) learnFromRun(options).forEach((line) => console.log(line));
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error instanceof UsageError || error instanceof BaselineError ? error.message : `bucketkit: ${error.message}`);
    process.exit(3);
  },
);
