// `npm run bench [-- --quick]`: measures the mock against Prism and bare node:http and writes BENCHMARKS.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchUsage, parseBenchArgs, type BenchPlan, type BenchSection } from './bench-options.ts';
import type { BenchResults } from './bench-results.ts';
import { loadBenchContext } from './bench-context.ts';
import { installExitGuard, stopAllProcesses } from './child-process.ts';
import { readMachineFacts } from './machine-facts.ts';
import { measureThroughput } from './throughput-section.ts';
import { measureColdStarts } from './cold-start-section.ts';
import { measureListing } from './listing-section.ts';
import { profileMock } from './profile-section.ts';
import { timeConformance } from './conformance-timing.ts';
import { evaluateTargets } from './targets.ts';
import { renderReport } from './bench-report.ts';
import { repoRoot } from './project-paths.ts';

/** The arguments `npx bucketkit` gets to run the suite against a mock it starts itself. */
const CONFORMANCE_ARGS = ['conformance'];
const FINDINGS_FILE = join(repoRoot, 'scripts', 'bench', 'profile-findings.md');
/** Every run's raw results, so `--rerender` can rewrite the report (not named *-results.json: CI sums those). */
const SAVED_RUN = join(repoRoot, 'reports', 'bench-run.json');

/** Writes the markdown report of a run, with the hand-written findings, and returns it. */
function writeReport(results: BenchResults, outFile: string): string {
  const findings = existsSync(FINDINGS_FILE) ? readFileSync(FINDINGS_FILE, 'utf8') : undefined;
  const report = renderReport(results, evaluateTargets(results), findings);
  writeFileSync(resolve(repoRoot, outFile), report);
  return report;
}

function emptyResults(plan: BenchPlan, argv: string[]): BenchResults {
  return {
    mode: plan.mode,
    machine: readMachineFacts(),
    connections: plan.connections,
    durationSec: plan.durationSec,
    rounds: plan.rounds,
    warmupSec: plan.warmupSec,
    mockWorld: { seed: plan.seed ?? 'default', files: 'default' },
    commands: [
      `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}  (tsx scripts/bench/run-bench.ts)`,
      `autocannon({ url, headers, connections: ${plan.connections}, duration: ${plan.durationSec}, timeout: 5 }) per server, request and round (${plan.rounds} interleaved round${plan.rounds === 1 ? '' : 's'}), after a ${plan.warmupSec} s warm-up in the first`,
    ],
    load: [],
    coldStarts: [],
    listing: [],
    footprints: [],
    conformance: {
      status: 'skipped',
      command: ['npx', 'bucketkit', ...CONFORMANCE_ARGS].join(' '),
      detail: 'Not run in this mode (quick mode skips it; add --conformance to time it).',
    },
    notes: [],
  };
}

/** Runs one part of the bench; a failure becomes a note and a non-zero exit, never a hidden gap. */
async function section(name: string, results: BenchResults, run: () => Promise<void>): Promise<boolean> {
  process.stdout.write(`${name}…\n`);
  try {
    await run();
    return true;
  } catch (error) {
    results.notes.push(`${name} failed: ${(error as Error).message.split('\n')[0]}`);
    process.stderr.write(`${name} failed: ${(error as Error).stack}\n`);
    return false;
  } finally {
    await stopAllProcesses();
  }
}

async function main(): Promise<number> {
  let plan: BenchPlan | 'help';
  try {
    plan = parseBenchArgs(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${benchUsage}\n`);
    return 2;
  }
  if (plan === 'help') {
    process.stdout.write(`${benchUsage}\n`);
    return 0;
  }
  if (plan.rerender) {
    if (!existsSync(SAVED_RUN)) throw new Error(`--rerender needs a saved run in ${SAVED_RUN}; run "npm run bench" first.`);
    writeReport(JSON.parse(readFileSync(SAVED_RUN, 'utf8')) as BenchResults, plan.outFile);
    process.stdout.write(`Rewrote ${plan.outFile} from the saved run.\n`);
    return 0;
  }
  installExitGuard();
  const started = performance.now();
  const ctx = loadBenchContext();
  const results = emptyResults(plan, process.argv.slice(2));
  const settings = { connections: plan.connections, durationSec: plan.durationSec, warmupSec: plan.warmupSec };
  const seed = plan.seed;
  const outcomes: boolean[] = [];

  const runs = (part: BenchSection) => plan.sections.includes(part);
  if (runs('throughput')) {
    outcomes.push(
      await section('Throughput', results, async () => {
        const run = await measureThroughput(ctx, settings, plan.rounds, seed);
        results.load = run.load;
        results.commands.push(...run.commands);
      }),
    );
  }
  if (runs('cold-start')) {
    outcomes.push(
      await section('Cold start', results, async () => {
        const run = await measureColdStarts(ctx, plan.coldStartRuns);
        results.coldStarts = run.coldStarts;
        results.notes.push(...run.notes);
        results.commands.push(...run.coldStarts.map((c) => `${c.command}  (cold start, ${c.label})`));
      }),
    );
  }
  if (runs('listing')) {
    outcomes.push(
      await section('Listing latency and memory', results, async () => {
        const run = await measureListing(ctx, plan.fileCounts, plan.listSamples, seed);
        results.listing = run.listing;
        results.footprints = run.footprints;
        results.commands.push(...run.commands.map((c) => `${c}  (listing latency and memory)`));
      }),
    );
  }
  if (runs('conformance')) {
    outcomes.push(
      await section('Conformance suite', results, async () => {
        results.conformance = await timeConformance(CONFORMANCE_ARGS);
        results.commands.push(`${results.conformance.command}  (conformance suite, wall time)`);
      }),
    );
  }
  if (runs('profile')) {
    outcomes.push(
      await section('Profile', results, async () => {
        const run = await profileMock(ctx, settings, seed);
        results.profile = run.summary;
        results.commands.push(`${run.command}  (profile under the same three loads)`);
      }),
    );
  }

  const [load1] = results.machine.loadAverage;
  if (load1 >= 1)
    results.notes.push(
      `The machine was busy when the run started (1-minute load average ${load1.toFixed(2)} on ${results.machine.cores} cores): every number is noisier and slower than on a quiet machine. Rerun when \`uptime\` shows a load under 1.`,
    );
  mkdirSync(join(repoRoot, 'reports'), { recursive: true });
  writeFileSync(SAVED_RUN, JSON.stringify(results, null, 2));
  const report = writeReport(results, plan.outFile);
  process.stdout.write(`\n${report}\nWritten to ${plan.outFile} after ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);
  return outcomes.every(Boolean) ? 0 : 1;
}

process.exitCode = await main();
