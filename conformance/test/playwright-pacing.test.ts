// Rate limits hold across Playwright's workers: every worker's requests are
// paced and bounded by the run board of the runner process, so --max-rps caps
// the whole run and a per-key token bucket is met by one learned rate, not one
// per worker.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { conformanceCli } from './support/cli-async.ts';
import type { Rule } from './support/loopback-proxy.ts';
import { tokenBucket } from './support/rate-limit-rules.ts';
import { startVariant, type Variant } from './support/variant.ts';

/** The most requests any window of `ms` holds. */
function busiest(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('a Playwright run with 4 workers', () => {
  const seen: number[] = [];
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  const meter: Rule = (request, forward) => {
    seen.push(Date.now());
    return forward(request);
  };
  const limiter = tokenBucket({ perSecond: 20, burst: 20 });
  let variant: Variant;
  const dir = mkdtempSync(join(tmpdir(), 'bk-pacing-'));
  beforeAll(async () => {
    variant = await startVariant({ rules: [meter, limiter.rule] });
    writeFileSync(join(dir, 'deployment.json'), JSON.stringify({ ...variant.config, overrides: { consistencyWindowMs: 1000 } }));
  }, 60_000);
  afterAll(async () => variant?.close());

  it('keeps --max-rps over all of them, and meets a per-key token bucket with few 429s', async () => {
    stalls.enable();
    const run = await conformanceCli([
      '--config',
      join(dir, 'deployment.json'),
      '--level',
      'core',
      // The listing routes' scope checks: enough requests for seconds at the ceiling, from every worker.
      '--grep',
      'AUTH-list',
      '--workers',
      '4',
      '--max-rps',
      '30',
      '--report-dir',
      join(dir, 'report'),
    ]);
    stalls.disable();
    const summary = JSON.parse(readFileSync(join(dir, 'report', 'summary.json'), 'utf8')) as Summary;
    expect(run.status, run.stdout.slice(-3000)).toBe(0);
    // Several seconds of traffic at the ceiling, from every worker.
    expect(seen.length).toBeGreaterThan(120);
    // At most 30 a second over the whole run: one request of slack for a window's edge, and the requests that reach
    // this process while its event loop is held up (a loaded machine) are stamped together when it runs again.
    const lateness = stalls.max / 1e9;
    expect(busiest(seen, 1000), `the meter's event loop was held up for ${(lateness * 1000).toFixed(0)} ms at most`).toBeLessThanOrEqual(
      31 + Math.ceil(30 * lateness),
    );
    // Every 429 met was waited out; the learned rate, shared by the workers, kept them few.
    const refused = Object.values(limiter.counts()).reduce((n, c) => n + c.refused, 0);
    expect(summary.stats?.rateLimited).toBe(refused);
    expect(refused).toBeLessThan(seen.length / 10);
  }, 600_000);
});
