// Writes one bench run as markdown: machine facts, commands, the tables, the targets and the profile.
import type { BenchResults, LoadCaseName, ServerName } from './bench-results.ts';
import { caseLabel, type TargetVerdict } from './targets.ts';
import { formatCoarseMs, formatMs, formatNumber, formatRatio, renderTable } from './markdown-table.ts';
import { ratio } from './stats.ts';

const SERVER_LABELS: Record<ServerName, string> = { mock: 'bucketkit mock', prism: 'Prism 5 (static)', bare: 'bare node:http' };

function statusSummary(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}×${formatNumber(n)}`);
  return parts.length > 0 ? parts.join(', ') : 'no response';
}

/** The throughput table: one row per request and server. */
export function renderLoadTable(results: BenchResults): string {
  const rows = results.load.map((cell) => [
    caseLabel(cell.caseName),
    SERVER_LABELS[cell.server],
    String(cell.expectedStatus),
    statusSummary(cell.statusCounts) + (cell.errors > 0 ? `, ${cell.errors} errors (${cell.timeouts} timeouts)` : ''),
    formatNumber(cell.reqPerSec) +
      (cell.roundsReqPerSec.length > 1 ? ` (${cell.roundsReqPerSec.map((r) => formatNumber(r)).join(' / ')})` : ''),
    formatCoarseMs(cell.p50Ms),
    formatCoarseMs(cell.p99Ms),
    formatNumber(cell.bytesPerResponse),
    cell.note,
  ]);
  return renderTable(
    [
      'Request',
      'Server',
      'Counted status',
      'Responses',
      'req/s (counted only; median, then each round)',
      'p50',
      'p99',
      'bytes/resp',
      'What it answers',
    ],
    rows,
  );
}

/** mock/Prism and mock/bare per request, from the same run. */
export function renderRatioTable(results: BenchResults): string {
  const cases = [...new Set(results.load.map((c) => c.caseName))];
  const rate = (server: ServerName, caseName: LoadCaseName) =>
    results.load.find((c) => c.server === server && c.caseName === caseName)?.reqPerSec ?? Number.NaN;
  const rows = cases.map((caseName) => [
    caseLabel(caseName),
    formatRatio(ratio(rate('mock', caseName), rate('prism', caseName))),
    formatRatio(ratio(rate('mock', caseName), rate('bare', caseName))),
  ]);
  return renderTable(['Request', 'mock / Prism', 'mock / bare'], rows);
}

/** PASS/MISS per target. */
export function renderTargetTable(verdicts: TargetVerdict[]): string {
  return renderTable(
    ['Target', 'Measured', 'Verdict'],
    verdicts.map((v) => [v.target, v.measured, v.verdict]),
  );
}

function renderColdStarts(results: BenchResults): string {
  if (results.coldStarts.length === 0) return '_Not measured._';
  const rows = results.coldStarts.map((c) => [
    c.label + (c.isStartCommand ? ' (npm start)' : ''),
    `\`${c.command}\``,
    String(c.runsMs.length),
    formatMs(c.medianMs),
    c.runsMs.map((n) => n.toFixed(0)).join(', '),
  ]);
  return renderTable(['Process', 'Command', 'Runs', 'Median', 'Each run (ms)'], rows);
}

function renderListing(results: BenchResults): string {
  if (results.listing.length === 0) return '_Not measured._';
  const listing = renderTable(
    ['Files', 'Filter', 'Value', 'Sequential requests', 'Items/page', 'p50', 'p99'],
    results.listing.map((c) => [
      formatNumber(c.files),
      c.filter,
      `\`${c.value}\``,
      formatNumber(c.samples),
      String(c.itemsPerPage),
      formatMs(c.p50Ms),
      formatMs(c.p99Ms),
    ]),
  );
  const memory = renderTable(
    ['Files', 'Process start to listening (TS load and seeding included)', 'RSS after listing', 'Peak RSS'],
    results.footprints.map((f) => [
      formatNumber(f.files),
      formatMs(f.readyMs),
      `${formatNumber(f.rssMb)} MB`,
      `${formatNumber(f.peakRssMb)} MB`,
    ]),
  );
  return `${listing}\n\n${memory}`;
}

function renderConformance(results: BenchResults): string {
  const c = results.conformance;
  const time = c.wallMs === undefined ? '' : ` in ${(c.wallMs / 1000).toFixed(1)} s wall`;
  return `Suite **${c.status}**${time}. Command: \`${c.command}\`. ${c.detail}`;
}

/** The "Where the time goes" section: the profile's top self time, then the written findings. */
export function renderProfile(results: BenchResults, findings: string | undefined): string {
  const p = results.profile;
  const parts: string[] = [];
  if (p) {
    parts.push(
      `CPU profile of the mock process (V8 sampling profiler, from listening until stopped) under ${p.load}; ${formatNumber(p.totalMs)} ms of busy (non-idle) time sampled, shares below are of busy time.`,
    );
    parts.push(
      renderTable(
        ['Area', 'Self time'],
        p.byArea.map((a) => [a.area, `${a.percent.toFixed(1)} %`]),
      ),
    );
    parts.push(
      renderTable(
        ['Function', 'Where', 'Self ms', 'Self %'],
        p.entries.map((e) => [e.functionName, e.location, formatNumber(e.selfMs, 1), `${e.selfPercent.toFixed(1)} %`]),
      ),
    );
  } else {
    parts.push('_No profile in this run (run `npm run bench -- --profile`)._');
  }
  if (findings) parts.push(findings.trim());
  return parts.join('\n\n');
}

/** The whole BENCHMARKS.md of a run. */
export function renderReport(results: BenchResults, verdicts: TargetVerdict[], findings?: string): string {
  const m = results.machine;
  const sections = [
    '# Benchmarks',
    `_Written by \`npm run bench${results.mode === 'quick' ? ' -- --quick' : ''}\`; do not edit by hand (the "Where the time goes" findings come from \`scripts/bench/profile-findings.md\`)._`,
    '## Machine',
    renderTable(
      ['Fact', 'Value'],
      [
        ['Date', m.date],
        ['CPU', `${m.cores} cores, ${m.cpuModel}`],
        ['Node', m.nodeVersion],
        ['Platform', m.platform],
        ['Load average at start (1/5/15 min)', m.loadAverage.map((n) => n.toFixed(2)).join(' / ')],
        [
          'Mode',
          `${results.mode}: ${results.connections} connections, ${results.rounds} round${results.rounds === 1 ? '' : 's'} of ${results.durationSec} s per server and request (after ${results.warmupSec} s warm-up)`,
        ],
        ['Mock world', `seed ${results.mockWorld.seed}, files ${results.mockWorld.files}`],
      ],
    ),
    '## Commands',
    results.commands.map((c) => `- \`${c}\``).join('\n'),
    '## Throughput (same run, same load, loopback)',
    "Only responses with the counted status make up req/s; any other status, error or timeout is listed, never counted. Latencies are autocannon's (1 ms resolution). The load generator runs on the same cores as the server under test. Prism and the bare server answer the spec's fixed examples; the mock answers from its seeded world with every auth, scope and bucket check on, so its list bodies can be larger (see bytes/resp).",
    renderLoadTable(results),
    renderRatioTable(results),
    '## Cold start to first authenticated 200',
    'Spawn to the first 200 of an API request made with a key minted through `POST /__mock/keys` (Prism: any bearer key). Each mock command is started once unmeasured first, so a start script that builds a cache on its first run is timed as it runs afterwards.',
    renderColdStarts(results),
    '## Listing latency and memory (mock, sequential, keep-alive, limit 100)',
    renderListing(results),
    '## Conformance suite against the mock',
    renderConformance(results),
    '## Targets',
    renderTargetTable(verdicts),
    '## Where the time goes',
    renderProfile(results, findings),
  ];
  if (results.notes.length > 0) sections.push('## Notes', results.notes.map((n) => `- ${n}`).join('\n'));
  return sections.join('\n\n') + '\n';
}
