// What one bench run measured, and the targets it is judged against (met / NOT MET / not measured).
import { median, type LoadResult } from './measure.ts';

export type ServerName = 'mock' | 'prism' | 'bare';

/** One server under one request's load: the median round, every round's req/s. */
export interface LoadRow extends LoadResult {
  request: string;
  server: ServerName;
  expected: number;
  rounds: number[];
  note: string;
}

export interface ColdStartRow {
  label: string;
  command: string;
  runsMs: number[];
  /** The command `npm start` runs: the one the target applies to. */
  isStartCommand: boolean;
  error?: string;
}

export interface ListingRow {
  filter: 'prefix' | 'tag';
  value: string;
  samples: number;
  items: number;
  p50Ms: number;
  p99Ms: number;
}

/** The mock started with `--files N`: ready time, listing latency, memory and reset; `error` when it crashed or timed out. */
export interface WorldRow {
  files: number;
  readyMs?: number;
  listing: ListingRow[];
  rssMb?: number;
  peakRssMb?: number;
  resetMs?: number;
  error?: string;
}

export interface StallResult {
  ids: number;
  bodyBytes: number;
  status: number;
  /** Send to answer of the big request, the worst of the repeats. */
  requestMs: number;
  /** Longest gap between two probe answers while it ran, the worst of the repeats. */
  maxGapMs: number;
  repeats: number;
  probeAnswers: number;
  probeFailures: number;
}

export interface SoakResult {
  seconds: number;
  warmupSec: number;
  samples: { tSec: number; rssMb: number }[];
  slopeMbPerMin: number;
  stderrMbPerMin: number;
  statusCounts: Record<string, number>;
  errors: number;
}

export interface CommandRow {
  command: string;
  code: number | null;
  wallMs: number;
  /** The duration the command printed itself, when it does. */
  reportedSec?: number;
  lastLine: string;
}

export interface BenchResults {
  mode: 'quick' | 'full';
  machine: { date: string; cpu: string; node: string; platform: string; load: number[] };
  /** How hard and how long, in words (connections, rounds, durations). */
  settings: string;
  commands: string[];
  load: LoadRow[];
  coldStarts: ColdStartRow[];
  worlds: WorldRow[];
  stall?: StallResult;
  soak?: SoakResult;
  conformance?: CommandRow;
  selftest?: CommandRow;
  /** Sections that did not finish, with why. */
  failures: { section: string; error: string }[];
  notes: string[];
}

export type Verdict = 'met' | 'NOT MET' | 'not measured' | 'no target';

/** A reading of one run: a number, why it could not be taken, or nothing (the part did not run). */
type Reading = number | { failed: string } | undefined;

interface Target {
  target: string;
  /** The bound, and whether the reading must stay at most (default) or at least that; none for a before/after figure. */
  limit?: number;
  atLeast?: boolean;
  show: (v: number) => string;
  read: (r: BenchResults) => Reading;
}

/** The self-test's wall time before the redesign (this machine, quiet): a before/after figure, not a target. */
export const SELFTEST_BEFORE_SEC = 156;

const ms = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : `${Math.round(v).toLocaleString('en-US')} ms`);
const sec = (v: number) => `${(v / 1000).toFixed(2)} s`;
const mb = (v: number) => `${v.toFixed(0)} MB`;
const times = (v: number) => `${v.toFixed(2)}×`;

const failedPart = (r: BenchResults, part: string): Reading => {
  const f = r.failures.find((x) => x.section === part);
  return f && { failed: f.error };
};

function throughputTargets(request: string): Target[] {
  const ratio = (other: ServerName) => (r: BenchResults) => {
    const rate = (s: ServerName) => r.load.find((l) => l.server === s && l.request === request)?.reqPerSec;
    return r.load.length ? (rate('mock') ?? NaN) / (rate(other) ?? NaN) : failedPart(r, 'throughput');
  };
  return [
    { target: `mock ≥ 5× Prism req/s: ${request}`, limit: 5, atLeast: true, show: times, read: ratio('prism') },
    { target: `mock ≥ 0.3× bare node:http req/s: ${request}`, limit: 0.3, atLeast: true, show: times, read: ratio('bare') },
  ];
}

function worldTargets(files: number, label: string, readyMs: number, rssMb: number, reset: boolean): Target[] {
  const at = (pick: (w: WorldRow) => number | undefined) => (r: BenchResults) => {
    const w = r.worlds.find((x) => x.files === files);
    return w?.error ? { failed: w.error } : w ? pick(w) : failedPart(r, 'worlds');
  };
  const p99 = (filter: string) => at((w) => w.listing.find((l) => l.filter === filter)?.p99Ms);
  return [
    { target: `ready at ${label} files ≤ ${readyMs / 1000} s`, limit: readyMs, show: sec, read: at((w) => w.readyMs) },
    {
      target: `peak RSS at ${label} files ≤ ${rssMb >= 1024 ? `${rssMb / 1024} GB` : mb(rssMb)}`,
      limit: rssMb,
      show: mb,
      read: at((w) => w.peakRssMb),
    },
    { target: `prefix listing p99 at ${label} files ≤ 10 ms`, limit: 10, show: ms, read: p99('prefix') },
    { target: `tag listing p99 at ${label} files ≤ 10 ms`, limit: 10, show: ms, read: p99('tag') },
    ...(reset ? [{ target: `POST /__mock/reset at ${label} files ≤ 1 s`, limit: 1000, show: sec, read: at((w) => w.resetMs) }] : []),
  ];
}

/** The targets of the design and mock-hardening issues (2-core machine), in report order. */
export const TARGETS: Target[] = [
  ...['list workspaces', 'list files (prefix, limit 100)', 'refused (missing scope)'].flatMap(throughputTargets),
  {
    target: 'mock cold start (npm start) ≤ 400 ms',
    limit: 400,
    show: ms,
    read: (r) => {
      const c = r.coldStarts.find((x) => x.isStartCommand);
      return c?.error ? { failed: c.error } : c ? median(c.runsMs) : failedPart(r, 'cold-start');
    },
  },
  ...worldTargets(100_000, '100k', 2_000, 300, true),
  ...worldTargets(500_000, '500k', 10_000, 1024, false),
  {
    target: 'big-body request (1 MiB of ids) answered ≤ 50 ms',
    limit: 50,
    show: ms,
    read: (r) => r.stall?.requestMs ?? failedPart(r, 'stall'),
  },
  { target: 'no event-loop block > 100 ms meanwhile', limit: 100, show: ms, read: (r) => r.stall?.maxGapMs ?? failedPart(r, 'stall') },
  {
    target: 'soak RSS flat: |slope| < 1 MB/min after warm-up',
    limit: 1,
    show: (v) => `${v.toFixed(2)} MB/min`,
    read: (r) => (r.soak ? Math.abs(r.soak.slopeMbPerMin) : failedPart(r, 'soak')),
  },
  {
    target: 'conformance suite passes in ≤ 30 s wall',
    limit: 30_000,
    show: sec,
    read: (r) =>
      r.conformance?.code === 0
        ? r.conformance.wallMs
        : r.conformance
          ? { failed: `exit ${r.conformance.code}: ${r.conformance.lastLine}` }
          : failedPart(r, 'conformance'),
  },
  {
    target: `self-test wall time (before: ${SELFTEST_BEFORE_SEC} s)`,
    show: sec,
    read: (r) => r.selftest?.wallMs ?? failedPart(r, 'selftest'),
  },
];

/** Judges every target: a part that failed is NOT MET with its error, one that did not run is "not measured". */
export function evaluateTargets(r: BenchResults): { target: string; measured: string; verdict: Verdict }[] {
  return TARGETS.map(({ target, limit, atLeast, show, read }) => {
    const v = read(r);
    if (typeof v === 'object') return { target, measured: `failed: ${v.failed.slice(0, 160)}`, verdict: 'NOT MET' };
    if (v === undefined || !Number.isFinite(v)) return { target, measured: 'not measured', verdict: 'not measured' };
    if (limit === undefined) return { target, measured: show(v), verdict: 'no target' };
    return { target, measured: show(v), verdict: (atLeast ? v >= limit : v <= limit) ? 'met' : 'NOT MET' };
  });
}
