// `npm run bench`: reads the options, runs every measurement in one process (so ratios compare), writes the report.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureColdStarts, measureThroughput } from './compare.ts';
import { BODY_LIMIT, measureSoak, measureStall, measureWorlds } from './mock-only.ts';
import { renderReport } from './report.ts';
import { evaluateTargets, type BenchResults } from './results.ts';
import { buildMock, installExitGuard, mockCommand, redact, repoRoot, timeCommand } from './servers.ts';

export const SECTIONS = ['throughput', 'cold-start', 'worlds', 'stall', 'soak', 'conformance', 'selftest'] as const;
export type Section = (typeof SECTIONS)[number];

/** Everything one run does, and how hard. */
export interface BenchPlan {
  mode: 'quick' | 'full';
  sections: Section[];
  connections: number;
  durationSec: number;
  warmupSec: number;
  rounds: number;
  coldStartRuns: number;
  worldSizes: number[];
  listSamples: number;
  readyTimeoutMs: number;
  stallRepeats: number;
  /** The big request's body size (the mock's 1 MiB limit unless a test asks for less). */
  stallBodyBytes: number;
  soakSec: number;
  soakSampleSec: number;
  seed?: number;
  /** Where the report goes, relative to the repository root. */
  outFile: string;
}

export const USAGE = `Usage: npm run bench -- [options]
  --quick            under a minute: one 2 s round per load, 1 cold start each, 200 list samples, worlds of 10k and 100k files;
                     writes reports/bench/BENCHMARKS.md, never the tracked BENCHMARKS.md
  --out FILE         the markdown report (default: BENCHMARKS.md for a full run, reports/bench/BENCHMARKS.md otherwise)
  --seed N           the mock's world seed (default: the mock's own)
  --files LIST       world sizes for listing, memory and scale (default 10000,100000,500000; --quick 10000,100000)
  --soak SECONDS     soak the mock this long, 30..3600; 0 skips it (default 180 in a full run, off in --quick)
  --selftest         also time the conformance self-test (minutes)
  --conformance      time the conformance suite even in --quick; --no-conformance skips it in a full run
  --only LIST        run only these parts: ${SECTIONS.join(', ')}
Exit code 0 when every part ran (missed targets are reported, not failed), 1 when a part crashed or timed out, 2 on a bad option.`;

const TRACKED_REPORT = 'BENCHMARKS.md';

function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new Error(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/** Reads the options into a plan, or 'help'; throws an Error that names the bad option and the fix. */
export function parseBenchArgs(argv: string[], env: Record<string, string | undefined> = {}): BenchPlan | 'help' {
  const flag = { type: 'boolean' } as const;
  const value = { type: 'string' } as const;
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    options: {
      quick: flag,
      out: value,
      seed: value,
      files: value,
      soak: value,
      selftest: flag,
      conformance: flag,
      'no-conformance': flag,
      only: value,
      help: flag,
    },
  });
  if (v.help) return 'help';
  // `npm run bench --quick` (without --) reaches us as npm_config_quick.
  const quick = v.quick === true || env.npm_config_quick === 'true';
  const soakSec = v.soak === undefined ? (quick ? 0 : 180) : v.soak === '0' ? 0 : wholeNumber('soak', v.soak, 30, 3600);
  if (v.conformance && v['no-conformance']) throw new Error('--conformance and --no-conformance contradict each other');
  let sections: Section[] = SECTIONS.filter(
    (s) =>
      !['soak', 'conformance', 'selftest'].includes(s) ||
      (s === 'soak' && soakSec > 0) ||
      (s === 'conformance' && (quick ? v.conformance : !v['no-conformance'])) ||
      (s === 'selftest' && v.selftest),
  );
  if (v.only !== undefined) {
    const names = v.only
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
    if (names.length === 0 || unknown.length) throw new Error(`--only takes parts from ${SECTIONS.join(', ')}; got "${v.only}"`);
    sections = SECTIONS.filter((s) => names.includes(s));
    if (sections.includes('soak') && soakSec === 0) throw new Error('--only soak needs --soak SECONDS (30..3600)');
  }
  const worldSizes =
    v.files === undefined
      ? quick
        ? [10_000, 100_000]
        : [10_000, 100_000, 500_000]
      : v.files.split(',').map((f) => wholeNumber('files', f.trim(), 1, 10_000_000));
  const partial = quick || v.only !== undefined || v.files !== undefined;
  const outFile = v.out ?? (partial ? 'reports/bench/BENCHMARKS.md' : TRACKED_REPORT);
  if (!outFile.endsWith('.md')) throw new Error(`--out must name a .md file, got "${outFile}"`);
  if (quick && resolve(repoRoot, outFile) === resolve(repoRoot, TRACKED_REPORT))
    throw new Error(
      `--quick never writes the tracked ${TRACKED_REPORT}: its figures are noise next to a full run's. Use --out reports/bench/BENCHMARKS.md`,
    );
  return {
    mode: quick ? 'quick' : 'full',
    sections,
    connections: 10,
    durationSec: quick ? 2 : 3,
    warmupSec: quick ? 0.5 : 2,
    rounds: quick ? 1 : 3,
    coldStartRuns: quick ? 1 : 5,
    worldSizes,
    listSamples: quick ? 200 : 1000,
    readyTimeoutMs: 60_000,
    stallRepeats: quick ? 1 : 3,
    stallBodyBytes: BODY_LIMIT,
    soakSec,
    soakSampleSec: 5,
    seed: v.seed === undefined ? undefined : wholeNumber('seed', v.seed, 0, Number.MAX_SAFE_INTEGER),
    outFile: relative(repoRoot, resolve(repoRoot, outFile)),
  };
}

/** Runs the plan's parts in order, telling `log` each part's time; a part that throws becomes a failure of the results, never an exception. */
export async function runBench(plan: BenchPlan, argv: string[] = [], log: (line: string) => void = () => {}): Promise<BenchResults> {
  const [l1, l5, l15] = loadavg();
  const r: BenchResults = {
    mode: plan.mode,
    machine: {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      cpu: `${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown'}`,
      node: process.version,
      platform: `${platform()} ${release()}`,
      load: [l1, l5, l15],
    },
    settings: `${plan.mode}: ${plan.connections} connections, ${plan.rounds} round(s) of ${plan.durationSec} s per server and request (after ${plan.warmupSec} s warm-up); ${plan.listSamples} list samples; seed ${plan.seed ?? 'default'}`,
    commands: [
      `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
      `autocannon({ url, headers, connections: ${plan.connections}, duration: ${plan.durationSec}, timeout: 5 }) per server, request and round`,
    ],
    load: [],
    coldStarts: [],
    worlds: [],
    failures: [],
    notes: [],
  };
  const part = async (name: Section, run: () => Promise<void>) => {
    if (!plan.sections.includes(name)) return;
    const started = performance.now();
    log(`${name}…`);
    try {
      await run();
    } catch (error) {
      r.failures.push({ section: name, error: redact((error as Error).message) });
    }
    log(
      `${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s${r.failures.some((f) => f.section === name) ? ' (failed)' : ''}`,
    );
  };
  await buildMock().catch((error: Error) => r.failures.push({ section: 'mock build', error: redact(error.message) }));
  await part('throughput', async () => void (r.load = await measureThroughput({ ...plan }, r.commands)));
  await part('cold-start', async () => {
    r.coldStarts = await measureColdStarts(plan.coldStartRuns);
    r.commands.push(...r.coldStarts.map((c) => `${c.command}  (cold start: ${c.label})`));
  });
  await part('worlds', async () => {
    r.worlds = await measureWorlds(plan.worldSizes, plan.listSamples, plan.seed, plan.readyTimeoutMs);
    r.commands.push(...plan.worldSizes.map((n) => `${mockCommand({ files: n, seed: plan.seed })}  (listing, memory, ready and reset)`));
  });
  await part('stall', async () => {
    r.commands.push(`${mockCommand({ seed: plan.seed })}  (stall: one 1 MiB trash request, a GET probe every 10 ms)`);
    r.stall = await measureStall(plan.stallRepeats, plan.seed, plan.stallBodyBytes);
  });
  await part('soak', async () => {
    r.commands.push(`${mockCommand({ seed: plan.seed })}  (soak: ${plan.soakSec} s of mixed requests)`);
    r.soak = await measureSoak(plan.soakSec, plan.seed, plan.soakSampleSec);
  });
  await part('conformance', async () => void (r.conformance = await timeCommand(['bucketkit', 'conformance'], 180_000)));
  await part(
    'selftest',
    async () => void (r.selftest = await timeCommand(['tsx', 'conformance/selftest/selftest.ts'], 1_200_000, /self-test took ([\d.]+) s/)),
  );
  if (l1 >= 1)
    r.notes.push(
      `The machine was busy when the run started (1-minute load average ${l1.toFixed(2)} on ${cpus().length} cores): every number is noisier and slower than on a quiet machine.`,
    );
  return r;
}

/** True when the run has a part that crashed or timed out (missed targets do not count). */
export const hasFailures = (r: BenchResults) => r.failures.length > 0 || r.worlds.some((w) => w.error) || r.coldStarts.some((c) => c.error);

async function main(argv: string[]): Promise<number> {
  let plan: BenchPlan | 'help';
  try {
    plan = parseBenchArgs(argv, process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (plan === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  installExitGuard();
  const started = performance.now();
  const results = await runBench(plan, argv, (line) => process.stdout.write(`${line}\n`));
  const findingsFile = fileURLToPath(new URL('findings.md', import.meta.url));
  const report = renderReport(results, existsSync(findingsFile) ? readFileSync(findingsFile, 'utf8') : '');
  const out = resolve(repoRoot, plan.outFile);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, report);
  mkdirSync(resolve(repoRoot, 'reports/bench'), { recursive: true });
  writeFileSync(resolve(repoRoot, 'reports/bench/bench-run.json'), JSON.stringify(results, null, 2));
  for (const t of evaluateTargets(results)) process.stdout.write(`${t.verdict.padEnd(12)} ${t.target}: ${t.measured}\n`);
  process.stdout.write(`Written to ${plan.outFile} after ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);
  return hasFailures(results) ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await main(process.argv.slice(2)));
