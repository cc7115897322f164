// Renders one bench run as BENCHMARKS.md: machine, commands, one table per measurement, then the targets.
import { median } from './measure.ts';
import { evaluateTargets, SELFTEST_BEFORE_SEC, type BenchResults, type LoadRow, type ServerName } from './results.ts';

const SERVER: Record<ServerName, string> = { mock: 'bucketkit mock', prism: 'Prism 5 (static)', bare: 'bare node:http' };

/** A markdown table with every column padded to its widest cell; pipes in cells are escaped. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map((c) => String(c).replaceAll('|', '\\|')))];
  for (const [i, r] of cells.entries())
    if (r.length !== head.length) throw new Error(`row ${i} has ${r.length} cells, the table has ${head.length}`);
  const width = head.map((_, c) => Math.max(3, ...cells.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
  return [line(cells[0]), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** Milliseconds: two decimals under 10 ms, whole above; a dash when not measured. */
export const ms = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? '–' : n < 10 ? `${n.toFixed(2)} ms` : `${int(n)} ms`;
/** autocannon's whole-millisecond latencies, 0 shown as under 1 ms. */
const coarse = (n: number) => (n === 0 ? '<1 ms' : `${n} ms`);
const mb = (n: number | undefined) => (n === undefined ? '–' : `${n.toFixed(0)} MB`);

/** Every status a server answered, the counted one first, then errors: nothing it saw is hidden. */
function answered(row: LoadRow): string {
  const codes = Object.entries(row.statusCounts).sort(([a], [b]) =>
    a === String(row.expected) ? -1 : b === String(row.expected) ? 1 : a.localeCompare(b),
  );
  const parts = codes.map(([code, n]) => `${code}×${int(n)}`);
  if (row.errors > 0) parts.push(`${row.errors} errors (${row.timeouts} timeouts)`);
  return parts.join(', ') || 'none';
}

function throughput(r: BenchResults): string[] {
  if (r.load.length === 0) return ['Not measured in this run.'];
  const rate = (server: ServerName, request: string) =>
    r.load.find((l) => l.server === server && l.request === request)?.reqPerSec ?? Number.NaN;
  const ratio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '–');
  const requests = [...new Set(r.load.map((l) => l.request))];
  return [
    "Only responses with the counted status make up req/s; any other status, error or timeout is listed, never counted. Latencies are autocannon's (1 ms resolution). The load generator runs on the same cores as the server under test. Prism and the bare server answer the spec's fixed examples; the mock answers from its seeded world with every key, scope and bucket check on, so its list bodies can be larger (see bytes/resp).",
    '',
    table(
      [
        'Request',
        'Server',
        'Counted status',
        'Responses',
        'req/s (counted; median, then each round)',
        'p50',
        'p99',
        'bytes/resp',
        'What it answers',
      ],
      r.load.map((l) => [
        l.request,
        SERVER[l.server],
        l.expected,
        answered(l),
        `${int(l.reqPerSec)}${l.rounds.length > 1 ? ` (${l.rounds.map(int).join(' / ')})` : ''}`,
        coarse(l.p50Ms),
        coarse(l.p99Ms),
        int(l.bytesPerResponse),
        l.note,
      ]),
    ),
    '',
    table(
      ['Request', 'mock / Prism', 'mock / bare'],
      requests.map((q) => [q, ratio(rate('mock', q) / rate('prism', q)), ratio(rate('mock', q) / rate('bare', q))]),
    ),
  ];
}

function worlds(r: BenchResults): string[] {
  if (r.worlds.length === 0) return ['Not measured in this run.'];
  return [
    'One mock process per size, started as a user does (`node mocks/http/start.mjs --port 0 --files N`). Ready: spawn to its banner. Listing: sequential GETs on one keep-alive connection, page size 100, filter values taken from the seeded world. RSS after the listing, and peak (VmHWM, seeding included). Reset: `POST /__mock/reset`, send to answer. A crash or a timeout is a row of its own.',
    '',
    table(
      ['Files', 'Filter', 'Value', 'Requests', 'Items/page', 'p50', 'p99'],
      r.worlds.flatMap((w) =>
        w.listing.map((l) => [int(w.files), l.filter, `\`${l.value}\``, int(l.samples), l.items, ms(l.p50Ms), ms(l.p99Ms)]),
      ),
    ),
    '',
    table(
      ['Files', 'Ready (spawn to banner)', 'RSS after listing', 'Peak RSS', 'Reset', 'Outcome'],
      r.worlds.map((w) => [
        int(w.files),
        ms(w.readyMs),
        mb(w.rssMb),
        mb(w.peakRssMb),
        ms(w.resetMs),
        w.error ? `FAILED: ${w.error}` : 'ok',
      ]),
    ),
  ];
}

function stall(r: BenchResults): string[] {
  const s = r.stall;
  if (!s) return ['Not measured in this run.'];
  return [
    `A probe sends a GET every 10 ms on its own connection while one \`POST .../files/trash\` carries ${int(s.ids)} ids (${int(s.bodyBytes)} bytes, up to the mock's 1 MiB body limit). While the mock's event loop is blocked no probe is answered, so the longest gap between two answers is the longest block. Worst of ${s.repeats} repeat(s); the probe got ${int(s.probeAnswers)} answers and ${s.probeFailures} failures.`,
    '',
    table(['Big request answered', 'Its status', 'Longest gap between probe answers'], [[ms(s.requestMs), s.status, ms(s.maxGapMs)]]),
  ];
}

function soak(r: BenchResults): string[] {
  const s = r.soak;
  if (!s) return ['Not run (opt-in: `--soak SECONDS`; a full run soaks 180 s).'];
  const statuses = Object.entries(s.statusCounts)
    .map(([c, n]) => `${c}×${int(n)}`)
    .join(', ');
  return [
    `${s.seconds} s of mixed requests on one mock over 4 keep-alive connections: list files, presign-download, PATCH a file, presign-upload + PUT of 1 KiB then trash and purge it (so the world keeps its size). RSS sampled every few seconds; the slope is a least-squares fit after ${s.warmupSec} s of warm-up, ± its standard error. Answers: ${statuses}${s.errors ? `, ${s.errors} errors` : ''}.`,
    '',
    table(
      ['RSS at start', 'RSS at end', 'Slope after warm-up', 'Samples'],
      [
        [
          mb(s.samples[0]?.rssMb),
          mb(s.samples.at(-1)?.rssMb),
          `${s.slopeMbPerMin.toFixed(2)} ± ${s.stderrMbPerMin.toFixed(2)} MB/min`,
          s.samples.length,
        ],
      ],
    ),
  ];
}

/** The whole report; `findings` is hand-written markdown appended at the end. */
export function renderReport(r: BenchResults, findings = ''): string {
  const m = r.machine;
  const suite = (row: BenchResults['conformance'], what: string) =>
    row
      ? `${what}: \`${row.command}\` took **${(row.wallMs / 1000).toFixed(1)} s** wall${row.reportedSec !== undefined ? ` (it reports ${row.reportedSec.toFixed(1)} s)` : ''}, exit code ${row.code ?? 'none (stopped at the time limit)'}; last line: "${row.lastLine}".`
      : `${what}: not run.`;
  const parts = [
    '# Benchmarks',
    '',
    `_Written by \`npm run bench\` (${r.mode} run); do not edit by hand: the findings at the end come from \`scripts/bench/findings.md\`._`,
    '',
    '## How to run',
    '',
    'A full run (`npm run bench`, about 7 minutes with its 180 s soak; run it on a quiet machine) measures everything below in one process, so ratios compare, and writes this file. `npm run bench -- --quick` (under a minute: one short round, no soak, no suite, no 500k files) writes `reports/bench/BENCHMARKS.md` and never this file. `--soak SECONDS`, `--selftest`, `--files LIST`, `--only LIST` and `--help` are listed by `npm run bench -- --help`. The run exits 1 when a part crashed or timed out; a missed target is reported, not failed.',
    '',
    '## Machine',
    '',
    table(
      ['Fact', 'Value'],
      [
        ['Date', m.date],
        ['CPU', m.cpu],
        ['Node', m.node],
        ['Platform', m.platform],
        ['Load average at start (1/5/15 min)', m.load.map((l) => l.toFixed(2)).join(' / ')],
        ['Settings', r.settings],
      ],
    ),
    '',
    '## Commands',
    '',
    ...r.commands.map((c) => `- \`${c}\``),
    '',
    '## Throughput (same run, same load, loopback)',
    '',
    ...throughput(r),
    '',
    '## Cold start to first authenticated 200',
    '',
    'Spawn to the first 200 of `listWorkspaces` with a key minted through `POST /__mock/keys` (Prism: any bearer key). Each mock command runs once unmeasured first, so a start script that builds a cache on its first run is timed as it runs afterwards.',
    '',
    table(
      ['Process', 'Command', 'Runs', 'Median', 'Each run'],
      r.coldStarts.map((c) => [
        c.label,
        `\`${c.command}\``,
        c.runsMs.length,
        c.error ? `FAILED: ${c.error}` : ms(median(c.runsMs)),
        c.runsMs.map((v) => Math.round(v)).join(', '),
      ]),
    ),
    '',
    '## Listing latency, memory and scale (mock)',
    '',
    ...worlds(r),
    '',
    '## Event-loop stall under a big request body',
    '',
    ...stall(r),
    '',
    '## Soak: RSS under mixed requests',
    '',
    ...soak(r),
    '',
    '## Conformance suite and self-test',
    '',
    suite(r.conformance, 'Suite against the embedded mock'),
    '',
    `${suite(r.selftest, 'Self-test (opt-in: `--selftest`)')} Before the redesign the self-test took ${SELFTEST_BEFORE_SEC} s (this machine, quiet).`,
    '',
    '## Targets',
    '',
    table(
      ['Target', 'Measured', 'Verdict'],
      evaluateTargets(r).map((t) => [t.target, t.measured, t.verdict]),
    ),
  ];
  if (r.failures.length) parts.push('', '## Failures', '', ...r.failures.map((f) => `- ${f.section}: ${f.error}`));
  if (r.notes.length) parts.push('', '## Notes', '', ...r.notes.map((n) => `- ${n}`));
  if (findings.trim()) parts.push('', findings.trim());
  return `${parts.join('\n')}\n`;
}
