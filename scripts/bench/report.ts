// What one bench run measured, the targets it is judged against (met / NOT MET / not measured), and the BENCHMARKS.md it becomes.
import { median, type LoadResult, type Ran } from './measure.ts';
import type { DeploymentRow } from './deployments.ts';
import type { CompositionsRow } from './compositions.ts';
import type { TestPartRow } from './test-parts.ts';

export type ServerName = 'mock' | 'prism' | 'bare';

/** The three requests every server is loaded with. */
export const REQUESTS = { workspaces: 'list workspaces', files: 'list files (prefix, limit 100)', refused: 'refused (missing scope)' };

type World = { files: number; readyMs?: number; listing: Listing[]; rssMb?: number; peakRssMb?: number; resetMs?: number; error?: string };
type ProbeCounts = { answers: number; failures: number };
type Listing = { filter: 'prefix' | 'tag'; value: string; samples: number; items: number; p50Ms: number; p99Ms: number };

/** What one run measured; a part that did not run leaves its field empty, one that threw is listed in `failures`. */
export interface BenchResults {
  mode: 'quick' | 'full';
  /** Facts about the machine and the run's settings, as label and value. */
  machine: [string, string][];
  commands: string[];
  load: (LoadResult & { request: string; server: ServerName; expected: number; note: string; rounds: number[] })[];
  coldStarts: { label: string; command: string; runsMs: number[]; error?: string }[];
  worlds: World[];
  stall?: { ids: number; bytes: number; repeats: number; status: number; requestMs: number; maxGapMs: number } & ProbeCounts;
  /** `answers` counts statuses, and requests that got none as "error". */
  soak?: {
    seconds: number;
    warmupSec: number;
    samples: { tSec: number; rssMb: number }[];
    slope: number;
    stderr: number;
    answers: Record<string, number>;
  };
  conformance?: Ran;
  /** Core runs of the suite against slow and rate-limited deployments. */
  deployments?: DeploymentRow[];
  /** Core runs against worlds drawn from the gap table. */
  compositions?: CompositionsRow;
  selftest?: Ran;
  /** Every step of npm test, timed alone (opt-in: --tests). */
  tests?: TestPartRow[];
  failures: { part: string; error: string }[];
  notes: string[];
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n?: number) => (n === undefined || !Number.isFinite(n) ? '–' : n < 10 ? `${n.toFixed(2)} ms` : `${int(n)} ms`);
const sec = (n: number) => `${(n / 1000).toFixed(2)} s`;
const mb = (n?: number) => (n === undefined ? '–' : `${n.toFixed(0)} MB`);
const perMin = (n: number) => `${n.toFixed(2)} MB/min`;
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '–');
/** autocannon's latencies are whole milliseconds: 0 means under one. */
const coarse = (n: number) => (n === 0 ? '<1 ms' : `${n} ms`);
/** Status counts, the counted status first, so nothing a server answered is hidden. */
const counts = (c: Record<string, number>, first?: number) =>
  Object.entries(c)
    .sort(([a], [b]) => Number(b === String(first)) - Number(a === String(first)) || a.localeCompare(b))
    .map(([code, n]) => `${code}×${int(n)}`)
    .join(', ');
/** The mock's req/s over another server's for one request (NaN when either is missing). */
const ratio = (r: BenchResults, q: string, other: ServerName) => {
  const rate = (s: ServerName) => r.load.find((l) => l.server === s && l.request === q)?.reqPerSec ?? NaN;
  return rate('mock') / rate(other);
};

/** A reading of one run: a number, why it could not be taken, or nothing (the part did not run). */
type Reading = number | { failed: string } | undefined;
const failed = (r: BenchResults, part: string): Reading => {
  const f = r.failures.find((x) => x.part === part);
  return f && { failed: f.error };
};
const versus = (q: string, other: ServerName) => (r: BenchResults) => (r.load.length ? ratio(r, q, other) : failed(r, 'throughput'));
const world = (files: number, pick: (w: World) => number | undefined) => (r: BenchResults) => {
  const w = r.worlds.find((x) => x.files === files);
  return w?.error ? { failed: w.error } : w ? pick(w) : failed(r, 'worlds');
};
const p99 = (filter: Listing['filter']) => (w: World) => w.listing.find((l) => l.filter === filter)?.p99Ms;
const ran = (part: 'conformance' | 'selftest') => (r: BenchResults) => {
  const row = r[part];
  return !row ? failed(r, part) : row.code === 0 ? row.wallMs : { failed: `exit ${row.code ?? 'none (time limit)'}: ${row.lastLine}` };
};
const coldStart = (r: BenchResults) => {
  const c = r.coldStarts.find((x) => x.label.includes('npm start'));
  return c?.error ? { failed: c.error } : c ? median(c.runsMs) : failed(r, 'cold-start');
};

/** The self-test's wall time before the redesign (this machine, quiet). */
const SELFTEST_BEFORE_SEC = 156;

/** The targets of the design and mock-hardening issues (2-core machine), in report order: what, bound, how shown, reading, at least? */
type Target = [string, number, (v: number) => string, (r: BenchResults) => Reading, boolean?];
const TARGETS: Target[] = [
  ...Object.values(REQUESTS).flatMap((q): Target[] => [
    [`mock ≥ 5× Prism req/s: ${q}`, 5, times, versus(q, 'prism'), true],
    [`mock ≥ 0.3× bare node:http req/s: ${q}`, 0.3, times, versus(q, 'bare'), true],
  ]),
  ['mock cold start (npm start) ≤ 400 ms', 400, ms, coldStart],
  ['ready at 100k files ≤ 2 s', 2_000, sec, world(100_000, (w) => w.readyMs)],
  ['peak RSS at 100k files ≤ 300 MB', 300, mb, world(100_000, (w) => w.peakRssMb)],
  ['prefix listing p99 at 100k files ≤ 10 ms', 10, ms, world(100_000, p99('prefix'))],
  ['tag listing p99 at 100k files ≤ 10 ms', 10, ms, world(100_000, p99('tag'))],
  ['POST /__mock/reset at 100k files ≤ 1 s', 1_000, sec, world(100_000, (w) => w.resetMs)],
  ['ready at 500k files ≤ 10 s', 10_000, sec, world(500_000, (w) => w.readyMs)],
  ['peak RSS at 500k files ≤ 1 GB', 1024, mb, world(500_000, (w) => w.peakRssMb)],
  ['prefix listing p99 at 500k files ≤ 10 ms', 10, ms, world(500_000, p99('prefix'))],
  ['tag listing p99 at 500k files ≤ 10 ms', 10, ms, world(500_000, p99('tag'))],
  ['big-body request (1 MiB of ids) answered ≤ 50 ms', 50, ms, (r) => r.stall?.requestMs ?? failed(r, 'stall')],
  ['no event-loop block > 100 ms meanwhile', 100, ms, (r) => r.stall?.maxGapMs ?? failed(r, 'stall')],
  // A slope within two standard errors of zero is noise: only growth beyond that counts against flat.
  [
    'soak RSS flat: growth beyond noise (|slope| − 2 SE) < 1 MB/min after warm-up',
    1,
    perMin,
    (r) => (r.soak ? Math.max(0, Math.abs(r.soak.slope) - 2 * r.soak.stderr) : failed(r, 'soak')),
  ],
  ['conformance suite passes in ≤ 30 s wall', 30_000, sec, ran('conformance')],
  [`self-test passes in less than before the redesign (${SELFTEST_BEFORE_SEC} s)`, SELFTEST_BEFORE_SEC * 1000, sec, ran('selftest')],
];

/** Judges every target: a part that failed is NOT MET with its error, one that did not run is "not measured". */
export function evaluateTargets(r: BenchResults): { target: string; measured: string; verdict: 'met' | 'NOT MET' | 'not measured' }[] {
  return TARGETS.map(([target, limit, show, read, atLeast]) => {
    const v = read(r);
    if (typeof v === 'object') return { target, measured: `failed: ${v.failed.slice(0, 160)}`, verdict: 'NOT MET' };
    if (v === undefined || !Number.isFinite(v)) return { target, measured: 'not measured', verdict: 'not measured' };
    return { target, measured: show(v), verdict: (atLeast ? v >= limit : v <= limit) ? 'met' : 'NOT MET' };
  });
}

/** A markdown table of `head` (columns split at "|"), every column padded to its widest cell; pipes in cells are escaped. */
export function table(head: string, rows: Cell[][]): string {
  const cells = [head.split('|'), ...rows.map((row) => row.map((c) => String(c).replaceAll('|', '\\|')))];
  const width = cells[0].map((_, i) => Math.max(3, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
  return [line(cells[0]), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

/** One block of the report: a heading, a text, a table. A table without rows says `missing` instead, and shows no text. */
type Cell = string | number;
type Block = { heading?: string; text?: Of<string>; head?: string; rows?: Of<Cell[][]>; missing?: string };
type Of<T> = (r: BenchResults) => T;
const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
const SERVER: Record<ServerName, string> = { mock: 'bucketkit mock', prism: 'Prism 5 (static)', bare: 'bare node:http' };
const suite = (what: string, row?: Ran) =>
  row
    ? `${what}: \`${row.command}\` took **${(row.wallMs / 1000).toFixed(1)} s** wall, exit code ${row.code ?? 'none (time limit)'}; last line: "${row.lastLine}".`
    : `${what}: not run.`;
const outcome = (error?: string, fine = 'ok') => (error ? `FAILED: ${error}` : fine);
function loadRow(l: BenchResults['load'][number]) {
  const answered = counts(l.statusCounts, l.expected) + (l.errors ? `, ${l.errors} errors (${l.timeouts} timeouts)` : '');
  const rates = int(l.reqPerSec) + (l.rounds.length > 1 ? ` (${l.rounds.map(int).join(' / ')})` : '');
  return [l.request, SERVER[l.server], l.expected, answered, rates, coarse(l.p50Ms), coarse(l.p99Ms), int(l.bytesPerResponse), l.note];
}

const BLOCKS: Block[] = [
  {
    heading: 'How to run',
    text: () =>
      'A full run (`npm run bench`, about 7 minutes with its 180 s soak; run it on a quiet machine) measures everything below in one process, so ratios compare, and writes this file. `npm run bench -- --quick` (about a minute: one short round, no soak, no suite, no 500k files) writes `reports/bench/BENCHMARKS.md` and never this file; so does a run narrowed by `--only` or `--files`. `--soak SECONDS`, `--selftest` and `--help` are listed by `npm run bench -- --help`. The run exits 1 when a part crashed or timed out; a missed target is reported, not failed.',
  },
  { heading: 'Machine', head: 'Fact|Value', rows: (r) => r.machine },
  { heading: 'Notes', text: (r) => list(r.notes) },
  { heading: 'Commands', text: (r) => list(r.commands.map((c) => `\`${c}\``)) },
  {
    heading: 'Throughput (same run, same load, loopback)',
    text: () =>
      "Only responses with the counted status make up req/s; any other status, error or timeout is listed, never counted. Latencies are autocannon's (1 ms resolution). The load generator runs on the same cores as the server under test. Prism and the bare server answer the spec's fixed examples; the mock answers from its seeded world with every key, scope and bucket check on, so its list bodies can be larger (see bytes/resp).",
    head: 'Request|Server|Counted status|Responses|req/s (counted; median, then each round)|p50|p99|bytes/resp|What it answers',
    rows: (r) => r.load.map(loadRow),
  },
  {
    head: 'Request|mock / Prism|mock / bare',
    rows: (r) => [...new Set(r.load.map((l) => l.request))].map((q) => [q, times(ratio(r, q, 'prism')), times(ratio(r, q, 'bare'))]),
  },
  {
    heading: 'Cold start to first authenticated 200',
    text: () =>
      'Spawn to the first 200 of `listWorkspaces` with a key minted through `POST /__mock/keys` (Prism: any bearer key). Each command runs once unmeasured first, so a start script that builds a cache on its first run is timed as it runs afterwards.',
    head: 'Process|Command|Runs|Median|Each run',
    rows: (r) =>
      r.coldStarts.map((c) => [
        c.label,
        `\`${c.command}\``,
        c.runsMs.length,
        outcome(c.error, ms(median(c.runsMs))),
        c.runsMs.map(Math.round).join(', '),
      ]),
  },
  {
    heading: 'Listing latency, memory and scale (mock)',
    text: () =>
      'One mock process per size, started as a user does (`node mocks/http/start.mjs --port 0 --files N`). Ready: spawn to its banner. Listing: sequential GETs on one keep-alive connection, page size 100, filter values taken from the seeded world. RSS after the listing, and peak (VmHWM, seeding included). Reset: `POST /__mock/reset`, send to answer. A crash or a timeout is a row of its own.',
    head: 'Files|Filter|Value|Requests|Items/page|p50|p99',
    rows: (r) =>
      r.worlds.flatMap((w) =>
        w.listing.map((l) => [int(w.files), l.filter, `\`${l.value}\``, int(l.samples), l.items, ms(l.p50Ms), ms(l.p99Ms)]),
      ),
  },
  {
    head: 'Files|Ready (spawn to banner)|RSS after listing|Peak RSS|Reset|Outcome',
    rows: (r) => r.worlds.map((w) => [int(w.files), ms(w.readyMs), mb(w.rssMb), mb(w.peakRssMb), ms(w.resetMs), outcome(w.error)]),
  },
  {
    heading: 'Event-loop stall under a big request body',
    text: ({ stall: s }) =>
      `A probe sends a GET every 10 ms on its own connection while one \`POST .../files/trash\` carries ${int(s!.ids)} ids (${int(s!.bytes)} bytes, up to the mock's 1 MiB body limit). While the mock's event loop is blocked no probe is answered, so the longest gap between two answers is the longest block. Worst of ${s!.repeats} repeat(s); the probe got ${int(s!.answers)} answers, and ${s!.failures} requests without one.`,
    head: 'Big request answered|Its status|Longest gap between probe answers',
    rows: ({ stall: s }) => (s ? [[ms(s.requestMs), s.status, ms(s.maxGapMs)]] : []),
  },
  {
    heading: 'Soak: RSS under mixed requests',
    missing: 'Not run (opt-in: `--soak SECONDS`; a full run soaks 180 s).',
    text: ({ soak: s }) =>
      `${s!.seconds} s of mixed requests on one mock over 4 keep-alive connections: list files, presign-download, PATCH a file, presign-upload + PUT of 1 KiB then trash and purge it (so the world keeps its size). RSS sampled every few seconds; the slope is a least-squares fit after ${s!.warmupSec} s of warm-up, ± its standard error. Answers (no answer: "error"): ${counts(s!.answers)}.`,
    head: 'RSS at start|RSS at end|Slope after warm-up|Samples',
    rows: ({ soak: s }) =>
      s ? [[mb(s.samples[0]?.rssMb), mb(s.samples.at(-1)?.rssMb), `${s.slope.toFixed(2)} ± ${perMin(s.stderr)}`, s.samples.length]] : [],
  },
  {
    heading: 'The suite against slow and rate-limited deployments',
    missing: 'Not run (a full run measures it; `--only deployments` alone).',
    text: () =>
      'A core run of `bucketkit conformance` (the CLI, with its default 16 requests in flight, in the Playwright workers it picks), against the mock behind the latency proxy (`scripts/bench/latency-proxy.ts`, every answer held that long) and behind a token bucket of 15 requests/s per key (burst 30) answering 429 with `Retry-After`. The presigned upload PUTs go to the mock directly. Targets: at 0 and 300 ms per answer 1.5 × the wall time of the suite before its checks were Playwright tests (27.3 s and 107.7 s on the reference machine); a deployment answering every API request 500 gets its verdict within 60 s (each route is one root cause, its other checks blocked behind it); with many independent failing checks (the embedded mock with no scope enforced, beside its clean twin), the time each failing check adds is at most 1.2 × what Playwright alone adds per failing test (Playwright replaces a worker after every failing test: its failing and passing runs of as many empty tests, in as many workers, are the two rows after); a balancer answering 1 request in 20 with 503 and `Retry-After: 1` within 1.5 × its clean twin; under the rate limit within 1.3 × (requests ÷ 15) s. CPU is user + system time of the run and everything it started.',
    head: 'Deployment|Verdict|Wall time|CPU|Requests|429s met|Checks (failed)|Target',
    rows: ({ deployments: d }) =>
      (d ?? []).map((row) => {
        const measured = row.measuredMs ?? row.wallMs;
        const what = row.targetText ? `${row.targetText}: ${sec(measured)}, ` : '';
        return [
          row.name,
          row.verdict,
          sec(row.wallMs),
          row.cpuMs === undefined ? '–' : sec(row.cpuMs),
          row.requests === undefined ? '–' : int(row.requests),
          row.rateLimited === undefined ? '–' : int(row.rateLimited),
          `${int(row.checks)}${row.failed ? ` (${int(row.failed)})` : ''}`,
          row.targetMs === undefined ? '–' : `${what}${measured <= row.targetMs ? 'met' : 'MISSED'} (≤ ${sec(row.targetMs)})`,
        ];
      }),
  },
  {
    heading: 'Verdicts on generated worlds',
    missing:
      'Not run (a full run measures it; `--only compositions` alone; `npm run verdicts -- --compositions N --seed S` for any count).',
    text: ({ compositions: c }) =>
      `Worlds drawn from the gap table (\`conformance/test/support/worlds/\`): one alternative per gap, each applied everywhere it applies, the mock behind the proxy rules that play them; a core run against each, two at a time. Every world must pass. Reproduce: \`${c!.reproduce}\`.${c!.failed.length ? ` Failed: ${c!.failed.join('; ')}.` : ''}`,
    head: 'Worlds|Seed|Passed core|Pass rate|Wall time|CPU',
    rows: ({ compositions: c }) =>
      c
        ? [
            [
              int(c.compositions),
              c.seed,
              int(c.passed),
              `${((100 * c.passed) / Math.max(1, c.compositions)).toFixed(1)} %`,
              sec(c.wallMs),
              sec(c.cpuMs),
            ],
          ]
        : [],
  },
  {
    heading: 'The test budget: every step of npm test',
    missing: 'Not run (opt-in: `npm run bench -- --only tests`, on a quiet machine).',
    text: () =>
      "Each step of `npm test` (read from the package's test script) run alone, one after another, as `npm run -s <step>`: its wall time and the CPU time (user + system) of every process it started. Budgets on the two-core machine: npm test 600 s, Vitest (`test:unit`) 240 s, the self-test 90 s. `.ci/run` adds `npm ci` (about 30 s) and, on a fresh machine, installing Chromium.",
    head: 'Step|Wall|CPU|Exit|Budget',
    rows: ({ tests }) =>
      (tests ?? []).map((row) => [
        row.script,
        sec(row.wallMs),
        row.cpuMs === undefined ? '–' : sec(row.cpuMs),
        String(row.code ?? 'time limit'),
        row.budgetMs === undefined ? '–' : `${row.wallMs <= row.budgetMs ? 'met' : 'MISSED'} (≤ ${sec(row.budgetMs)})`,
      ]),
  },
  {
    heading: 'Conformance suite and self-test',
    text: (r) =>
      `${suite('Suite against the embedded mock', r.conformance)}\n\n${suite(`Self-test (opt-in: \`--selftest\`; it took ${SELFTEST_BEFORE_SEC} s before the redesign)`, r.selftest)}`,
  },
  { heading: 'Targets', head: 'Target|Measured|Verdict', rows: (r) => evaluateTargets(r).map((t) => [t.target, t.measured, t.verdict]) },
  { heading: 'Failures', text: (r) => list(r.failures.map((f) => `${f.part}: ${f.error}`)) },
];

/** The whole report; `findings` (hand-written markdown, kept from the tracked BENCHMARKS.md) goes at the end. */
export function renderReport(r: BenchResults, findings = ''): string {
  const parts = [
    '# Benchmarks',
    `_Written by \`npm run bench\` (${r.mode} run); edit only the findings at the end, which every run keeps._`,
  ];
  for (const { heading, text, head = '', rows, missing = 'Not measured in this run.' } of BLOCKS) {
    const cells = rows?.(r);
    const body = cells?.length === 0 ? [heading && missing] : [text?.(r), cells && table(head, cells)];
    if (body.some(Boolean)) parts.push(...[heading && `## ${heading}`, ...body].filter((p): p is string => !!p));
  }
  return `${[...parts, findings.trim()].filter(Boolean).join('\n\n')}\n`;
}
