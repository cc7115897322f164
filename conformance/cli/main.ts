// The `bucketkit conformance` command: runs the suite, cleans up after a
// crashed run (--cleanup LEDGER) or merges shard reports (--merge).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { routeLabel } from '../plan/check-types.ts';
import { mergeSummaries, exitCodeOf, type Summary } from '../report/summary.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { parseArgs, USAGE, UsageError } from './cli-args.ts';
import { runConformance } from './run-conformance.ts';
import { cleanupFromLedger } from './cleanup-command.ts';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'conformance') {
    console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
    return command ? 2 : 0;
  }
  const options = parseArgs(rest, process.env);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (options.cleanup) return cleanupFromLedger(options.cleanup, options.config, process.env);
  if (options.merge.length) {
    const parts = options.merge.map((dir) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary);
    const merged = mergeSummaries(parts, loadRouteTable().map(routeLabel));
    mkdirSync(options.reportDir, { recursive: true });
    writeFileSync(join(options.reportDir, 'summary.json'), `${JSON.stringify(merged, null, 2)}\n`);
    writeFileSync(join(options.reportDir, 'summary.md'), renderMarkdown(merged));
    console.log(`Merged ${parts.length} shard report(s) into ${resolve(options.reportDir)}: ${merged.totals.pass} passed, ${merged.totals.fail} failed.`);
    return exitCodeOf(merged);
  }
  const { exitCode, summary, reportDir } = await runConformance(options);
  const t = summary.totals;
  console.log(`\nconformance (${summary.level}): ${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.disabled} disabled, ${t.error} errors; reports in ${reportDir}`);
  if (summary.cleanup?.problems.length) console.log(`cleanup problems (not conformance failures): ${summary.cleanup.problems.length}; see summary.md`);
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error instanceof UsageError ? error.message : `bucketkit: ${error.message}`);
    process.exit(3);
  },
);
