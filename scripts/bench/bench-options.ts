// Parses the bench's command line and turns it into the plan of one run (quick or full).

/** The parts of a bench run, in the order they run. */
export const BENCH_SECTIONS = ['throughput', 'cold-start', 'listing', 'conformance', 'profile'] as const;
export type BenchSection = (typeof BENCH_SECTIONS)[number];

/** How long and how hard each part of the bench runs. */
export interface BenchPlan {
  /** The parts that run (every part but those the mode or flags leave out). */
  sections: BenchSection[];
  mode: 'quick' | 'full';
  /** Concurrent loopback connections per load cell. */
  connections: number;
  /** Seconds of measured load per server, request and round. */
  durationSec: number;
  /** Interleaved rounds per server and request; the median round is reported. */
  rounds: number;
  /** Seconds of unmeasured load before each cell, so the JIT has warmed up. */
  warmupSec: number;
  /** Cold starts measured per server (the median is reported). */
  coldStartRuns: number;
  /** World sizes (`--files N`) at which listing latency and memory are measured. */
  fileCounts: number[];
  /** Sequential list requests per filter and world size. */
  listSamples: number;
  /** Where the markdown report goes. */
  outFile: string;
  /** Measure nothing: write the report again from the last run's saved results (e.g. after editing the findings). */
  rerender: boolean;
  /** The seed of the mock's generated world (the mock's default when unset). */
  seed?: number;
}

const HELP = `Usage: npm run bench [-- --quick] [--out FILE] [--seed N] [--only LIST] [--conformance] [--no-conformance] [--profile] [--no-profile]
  --quick            one 2 s round per cell (full: three interleaved 3 s rounds), one cold start each, 200 list samples; skips the suite timing unless --conformance
  --out FILE         markdown report to write (default BENCHMARKS.md)
  --seed N           seed of the mock's world (default: the mock's own)
  --conformance      time the conformance suite even in --quick mode
  --no-conformance   do not time the conformance suite
  --profile          profile the mock under load (default in full mode)
  --no-profile       skip the profile
  --rerender         measure nothing; rewrite the report from the last run (reports/bench-run.json)
  --only LIST        run only these parts (comma-separated: ${BENCH_SECTIONS.join(', ')})`;

/** The usage text printed by `--help` and after an argument error. */
export const benchUsage = HELP;

/** The plan for a mode before flags adjust it. */
export function defaultPlan(mode: 'quick' | 'full'): BenchPlan {
  const quick = mode === 'quick';
  return {
    mode,
    connections: 10,
    durationSec: quick ? 2 : 3,
    rounds: quick ? 1 : 3,
    warmupSec: quick ? 0.5 : 2,
    coldStartRuns: quick ? 1 : 5,
    fileCounts: [10_000, 100_000],
    listSamples: quick ? 200 : 1000,
    sections: BENCH_SECTIONS.filter((s) => !quick || (s !== 'conformance' && s !== 'profile')),
    outFile: 'BENCHMARKS.md',
    rerender: false,
  };
}

/**
 * Reads the bench's arguments; throws an Error naming the bad argument and the fix.
 * `npm run bench --quick` (without `--`) hands npm the flag, which sets npm_config_quick: honoured too.
 */
export function parseBenchArgs(argv: string[], env: Record<string, string | undefined> = {}): BenchPlan | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const quick = argv.includes('--quick') || env.npm_config_quick === 'true';
  const plan = defaultPlan(quick ? 'quick' : 'full');
  let only: BenchSection[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--'))
        throw new Error(`${arg} needs a value, e.g. ${arg} ${arg === '--out' ? 'BENCHMARKS.md' : '1'}`);
      return next;
    };
    switch (arg) {
      case '--quick':
        break;
      case '--out':
        plan.outFile = value();
        if (!plan.outFile.endsWith('.md')) throw new Error(`--out must name a .md file, got "${plan.outFile}"`);
        break;
      case '--seed': {
        const raw = value();
        const seed = Number(raw);
        if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`--seed must be a whole number ≥ 0, got "${raw}"`);
        plan.seed = seed;
        break;
      }
      case '--conformance':
      case '--profile':
        plan.sections = withSection(plan.sections, arg.slice(2) as BenchSection, true);
        break;
      case '--no-conformance':
      case '--no-profile':
        plan.sections = withSection(plan.sections, arg.slice(5) as BenchSection, false);
        break;
      case '--rerender':
        plan.rerender = true;
        break;
      case '--only':
        only = parseSections(value());
        break;
      default:
        throw new Error(`Unknown argument "${arg}". Run "npm run bench -- --help" for the options.`);
    }
  }
  if (only) plan.sections = only;
  return plan;
}

function withSection(sections: BenchSection[], section: BenchSection, on: boolean): BenchSection[] {
  const set = new Set(sections);
  if (on) set.add(section);
  else set.delete(section);
  return BENCH_SECTIONS.filter((s) => set.has(s));
}

/** Reads `--only`'s comma-separated list of parts; throws on an unknown part. */
export function parseSections(list: string): BenchSection[] {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(BENCH_SECTIONS as readonly string[]).includes(name))
      throw new Error(`--only: unknown part "${name}"; choose from ${BENCH_SECTIONS.join(', ')}`);
  }
  if (names.length === 0) throw new Error(`--only needs at least one part: ${BENCH_SECTIONS.join(', ')}`);
  return BENCH_SECTIONS.filter((s) => names.includes(s));
}
