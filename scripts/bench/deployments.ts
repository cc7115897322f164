// The bench's real-deployment rows: a core run of the suite (the CLI, as a
// user's CI runs it) against the mock behind the latency proxy at 0, 150 and
// 300 ms per answer, against one answering 500 to everything (every check
// fails: within twice a passing run), beside Playwright alone failing as many
// empty tests, and behind a per-key token bucket of 15 requests/s (burst 30)
// answering 429 with Retry-After; wall time, requests, verdict.
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

export interface DeploymentRow {
  name: string;
  wallMs: number;
  verdict: string;
  /** Checks that failed. */
  failed?: number;
  requests?: number;
  rateLimited?: number;
  checks: number;
  /** The target this row is held to, in ms, when it has one. */
  targetMs?: number;
}

/** Runs `bucketkit conformance --level core` against a base URL with the variant's keys; reads its summary. */
async function coreRun(name: string, variant: Variant, baseUrl: string, targetOf?: (s: Summary) => number): Promise<DeploymentRow> {
  const dir = mkdtempSync(join(tmpdir(), 'bk-bench-deploy-'));
  const config = join(dir, 'deployment.json');
  writeFileSync(config, JSON.stringify({ ...variant.config, baseUrl }));
  const report = join(dir, 'report');
  const run = await m.runToEnd(
    process.execPath,
    ['bin/bucketkit.js', 'conformance', '--config', config, '--level', 'core', '--report-dir', report],
    900_000,
  );
  const summary = JSON.parse(readFileSync(join(report, 'summary.json'), 'utf8')) as Summary;
  return {
    name,
    wallMs: run.wallMs,
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
  // A run where every check fails must cost about what a passing one does (no worker restart per failure).
  const broken = await startVariant({ rules: [when(underPath(), () => Promise.resolve(json(500, { message: 'internal error' })))] });
  try {
    const row = await coreRun('every API answer 500 (every check fails)', broken, broken.baseUrl, () =>
      Math.round(2 * (rows[0]?.wallMs ?? 0)),
    );
    rows.push(row);
    log(`  ${row.name}: ${row.verdict} in ${(row.wallMs / 1000).toFixed(1)} s`);
  } finally {
    await broken.close();
  }
  // What the 500 row cannot go below: Playwright alone, replacing a worker after each of as many failing tests, in
  // the workers the CLI picks for a deployment answering 5xx.
  const failing = rows.at(-1)?.failed ?? 0;
  const workers = WORKER_RANGE.min;
  const floor = await playwrightFloor(failing, workers);
  rows.push({
    name: `Playwright alone: ${failing} empty tests that fail, ${workers} workers`,
    wallMs: floor.wallMs,
    verdict: `failed (exit ${floor.code})`,
    failed: failing,
    checks: failing,
  });
  log(`  ${rows.at(-1)!.name}: ${(floor.wallMs / 1000).toFixed(1)} s`);
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
