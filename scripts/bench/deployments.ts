// The bench's real-deployment rows: a core run of the suite (the CLI, as a
// user's CI runs it) against the mock behind the latency proxy at 0, 150 and
// 300 ms per answer; against one answering 500 to everything (its verdict
// within 60 s: each route is one root cause); against the mock with every
// scope unenforced (many independent failing checks), beside Playwright alone
// failing and passing as many empty tests (the added time per failing check
// within 1.2× Playwright's own per failing test); behind a balancer answering
// one request in twenty 503 with Retry-After: 1, beside its clean twin (within
// 1.5×); and behind a per-key token bucket of 15 requests/s (burst 30)
// answering 429 with Retry-After; wall and CPU time, requests, verdict.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Summary } from '../../conformance/report/summary.ts';
import { verdictOf } from '../../conformance/report/summary.ts';
import { tokenBucket } from '../../conformance/test/support/rate-limit-rules.ts';
import { underPath, when } from '../../conformance/test/support/rule-stack.ts';
import { json } from '../../conformance/test/support/loopback-proxy.ts';
import { startVariant, type Variant } from '../../conformance/test/support/variant.ts';
import * as m from './measure.ts';
import { playwrightFloor } from './playwright-floor.ts';
import { WORKER_RANGE } from '../../conformance/cli/pick-workers.ts';
import type { Rule } from '../../conformance/test/support/loopback-proxy.ts';
import { childCpuMs } from './test-parts.ts';

export interface DeploymentRow {
  name: string;
  wallMs: number;
  /** User + system CPU of the run and every process it started. */
  cpuMs?: number;
  verdict: string;
  /** Checks that failed. */
  failed?: number;
  requests?: number;
  rateLimited?: number;
  checks: number;
  /** The target this row is held to, in ms, when it has one. */
  targetMs?: number;
  /** What the target compares, when it is not the wall time itself (e.g. the added time per failing check). */
  measuredMs?: number;
  targetText?: string;
}

/** Runs `bucketkit conformance --level core` against a base URL with the variant's keys; reads its summary. */
async function coreRun(
  name: string,
  variant: Variant | undefined,
  baseUrl: string | undefined,
  targetOf?: (s: Summary) => number,
  extra: string[] = [],
): Promise<DeploymentRow> {
  const dir = mkdtempSync(join(tmpdir(), 'bk-bench-deploy-'));
  const config = join(dir, 'deployment.json');
  if (variant) writeFileSync(config, JSON.stringify({ ...variant.config, baseUrl }));
  const report = join(dir, 'report');
  const args = [
    'bin/bucketkit.js',
    'conformance',
    ...(variant ? ['--config', config] : []),
    '--level',
    'core',
    '--report-dir',
    report,
    ...extra,
  ];
  const run = await timedRun(process.execPath, args);
  const summary = JSON.parse(readFileSync(join(report, 'summary.json'), 'utf8')) as Summary;
  return {
    name,
    wallMs: run.wallMs,
    cpuMs: run.cpuMs,
    verdict: `${verdictOf(summary).label} (exit ${run.code})`,
    requests: summary.stats?.requests,
    rateLimited: summary.stats?.rateLimited,
    checks: summary.checks.length,
    failed: summary.totals.fail,
    targetMs: targetOf?.(summary),
  };
}

/**
 * 1.5 × the wall time of the core run before checks became Playwright tests (27.3 s at 0 ms and 107.7 s at 300 ms per
 * answer, measured on the two-core reference machine with the same bench): the Playwright suite may cost at most that.
 */
const TARGET_MS: Record<number, number> = { 0: 41_000, 300: 161_600 };

/** The rows: three latencies, then the rate limit. */
export async function deploymentRows(log: (line: string) => void = () => {}): Promise<DeploymentRow[]> {
  const rows: DeploymentRow[] = [];
  for (const latencyMs of [0, 150, 300]) {
    const variant = await startVariant();
    const proxy = m.spawnGroup('npx', [
      'tsx',
      'scripts/bench/latency-proxy.ts',
      '--target',
      variant.origin,
      '--latency',
      String(latencyMs),
    ]);
    try {
      const origin = await waitForOrigin(proxy);
      const target = TARGET_MS[latencyMs];
      const row = await coreRun(`${latencyMs} ms per answer`, variant, `${origin}/api/v1`, target ? () => target : undefined);
      rows.push(row);
      log(`  ${row.name}: ${row.verdict} in ${(row.wallMs / 1000).toFixed(1)} s, ${row.requests} requests`);
    } finally {
      await proxy.stop();
      await variant.close();
    }
  }
  // Every route answering 500: each is one root cause (its served check fails, the rest of it is blocked), in 60 s.
  const broken = await startVariant({ rules: [when(underPath(), () => Promise.resolve(json(500, { message: 'internal error' })))] });
  try {
    const row = await coreRun('every API answer 500 (each route one root cause)', broken, broken.baseUrl, () => EVERY_500_TARGET_MS);
    rows.push(row);
    log(`  ${row.name}: ${row.verdict} in ${(row.wallMs / 1000).toFixed(1)} s`);
  } finally {
    await broken.close();
  }
  // Many independent failing checks (the embedded mock with no scope enforced): the time each adds to a passing run,
  // against what Playwright alone adds per failing test (it replaces a worker after each), in the same workers.
  const faulty = await coreRun('embedded mock, every scope unenforced (independent failures)', undefined, undefined, undefined, [
    '--fault',
    'scope-unenforced-everywhere',
  ]);
  const clean = await coreRun('embedded mock, clean (its twin)', undefined, undefined);
  const failing = faulty.failed ?? 0;
  const workers = WORKER_RANGE.min;
  const [floorFail, floorPass] = [await playwrightFloor(failing, workers), await playwrightFloor(failing, workers, 'pass')];
  const perFloor = (floorFail.wallMs - floorPass.wallMs) / Math.max(1, failing);
  const perCheck = (faulty.wallMs - clean.wallMs) / Math.max(1, failing);
  rows.push(
    {
      ...faulty,
      measuredMs: perCheck,
      targetMs: Math.round(1.2 * perFloor),
      targetText: 'added time per failing check ≤ 1.2 × Playwright alone',
    },
    clean,
    {
      name: `Playwright alone: ${failing} empty tests that fail, ${workers} workers`,
      wallMs: floorFail.wallMs,
      verdict: `failed (exit ${floorFail.code})`,
      failed: failing,
      checks: failing,
    },
    {
      name: `Playwright alone: the same ${failing} tests passing`,
      wallMs: floorPass.wallMs,
      verdict: `passed (exit ${floorPass.code})`,
      checks: failing,
    },
  );
  log(
    `  independent failures: ${(perCheck / 1000).toFixed(2)} s added per failing check; Playwright alone ${(perFloor / 1000).toFixed(2)} s`,
  );
  // A balancer's sick backend: 1 request in 20 answered 503 with Retry-After: 1, beside the same deployment without it.
  const blips = blipsOf(20);
  const sick = await startVariant({ rules: [when(underPath(), blips)] });
  const twin = await startVariant({ rules: [when(underPath(), (request, forward) => forward(request))] });
  try {
    const twinRow = await coreRun('its clean twin (the same proxy, no 503)', twin, twin.baseUrl);
    const row = await coreRun('1 request in 20: 503 with Retry-After: 1', sick, sick.baseUrl, () => Math.round(1.5 * twinRow.wallMs));
    rows.push(row, twinRow);
    log(`  ${row.name}: ${(row.wallMs / 1000).toFixed(1)} s, twin ${(twinRow.wallMs / 1000).toFixed(1)} s`);
  } finally {
    await sick.close();
    await twin.close();
  }
  const limiter = tokenBucket({ perSecond: 15, burst: 30 });
  const variant = await startVariant({ rules: [when(underPath(), limiter.rule)] });
  try {
    const row = await coreRun('15 requests/s per key, burst 30, 429 with Retry-After', variant, variant.baseUrl, (s) =>
      Math.round((1.3 * (s.stats?.requests ?? 0) * 1000) / 15),
    );
    rows.push(row);
    log(`  ${row.name}: ${row.verdict} in ${(row.wallMs / 1000).toFixed(1)} s, ${row.requests} requests, ${row.rateLimited} answered 429`);
  } finally {
    await variant.close();
  }
  return rows;
}

/** The origin the latency proxy prints on its first line. */
async function waitForOrigin(proc: ReturnType<typeof m.spawnGroup>): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const line = proc.out.split('\n').find((l) => l.startsWith('{'));
    if (line) return (JSON.parse(line) as { origin: string }).origin;
    if (proc.ended) throw new Error(`the latency proxy ${proc.ended}: ${proc.err.slice(-300)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the latency proxy did not start within 30 s');
}

/** The longest a verdict on a deployment answering 500 to everything may take. */
const EVERY_500_TARGET_MS = 60_000;

/** Every `n`-th API request answered 503 with Retry-After: 1 (the rest passed on). */
function blipsOf(n: number): Rule {
  let count = 0;
  return (request, forward) =>
    ++count % n === 0
      ? Promise.resolve({
          ...json(503, { message: 'backend unavailable' }),
          headers: { 'content-type': 'application/json', 'retry-after': '1' },
        })
      : forward(request);
}

/** Runs a command to its end under bash, reading the CPU time of it and its children from `times`. */
async function timedRun(command: string, args: string[]): Promise<{ wallMs: number; cpuMs?: number; code: number | null }> {
  const marker = '--- bucketkit bench times ---';
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = await m.runToEnd('bash', ['-c', `${quoted} > /dev/null 2>&1; s=$?; echo '${marker}'; times; exit $s`], 900_000);
  return { wallMs: run.wallMs, cpuMs: childCpuMs(run.tail.split(marker)[1] ?? ''), code: run.code };
}
