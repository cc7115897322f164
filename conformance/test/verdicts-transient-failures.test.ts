// Conforming deployments behind load balancers that fail for a moment: nginx 502
// pages to about one request in 40, and a front closing idle keep-alive
// connections as requests arrive on them. Each passes every scope and
// bucket-limits check, with the failures met counted in the summary. (A 500
// that every request to a route gets fails that route: the broken-deployment
// verdicts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { badGatewayBlips } from './support/bad-gateway.ts';
import { startIdleFront, type IdleFront } from './support/idle-front.ts';
import { startVariant, type Variant } from './support/variant.ts';
import { describeRun, idsWith, runAgainst } from './support/variant-run.ts';

/**
 * The checks where a failure of a moment is most easily misread: a blip taken for a refusal passes a scope or
 * bucket check that should fail, a blip on the allowed call fails one that should pass. (Whole runs over the same
 * traits are the independent server's production deployments.)
 */
const REFUSALS = '@scopes|@bucket-limits';

/** The mock shows a write at once: its consistency window only bounds the polls proving a refused write had no effect. */
const AT_ONCE = { consistencyWindowMs: 300 };

describe('a conforming deployment behind a load balancer that', () => {
  let variant: Variant | undefined;
  let front: IdleFront | undefined;
  afterEach(async () => {
    await front?.close();
    await variant?.close();
    [variant, front] = [undefined, undefined];
  });

  it('answers nginx 502 pages (no Retry-After) to about 1 request in 40 passes every refusal check, the blips counted', async () => {
    const blips = badGatewayBlips(1 / 40, 25);
    variant = await startVariant({ rules: [blips.rule] });
    const run = await runAgainst(variant, { overrides: AT_ONCE, grep: REFUSALS });
    console.log(describeRun('502 to 1 request in 40', run));
    expect(idsWith(run, 'fail')).toEqual([]);
    expect(idsWith(run, 'error')).toEqual([]);
    expect(run.verdict.label).toBe('PASSED');
    expect(blips.blips()).toBeGreaterThan(20);
    // Every blip is met and resent; a loaded machine may add a lost connection of its own (a keep-alive socket the
    // proxy closed as a request went out), which is met and resent the same way.
    const met = run.summary.stats?.transient?.met ?? 0;
    expect(met).toBeGreaterThanOrEqual(blips.blips());
    expect(run.summary.stats?.transient).toEqual({ met, resent: met, reproduced: 0, notResent: 0 });
    expect(readFileSync(join(run.reportDir, 'summary.md'), 'utf8')).toContain(
      `${met} transient failure(s) met (502, 503 or 504 without Retry-After, or a lost connection): ${met} resent, 0 reproduced`,
    );
  }, 240_000);

  it('closes keep-alive connections idle for 300 ms, crossing the requests sent on them, passes every refusal check', async () => {
    variant = await startVariant();
    front = await startIdleFront(variant.origin, { idleMs: 300, mode: 'race' });
    const run = await runAgainst(
      { ...variant, config: { ...variant.config, baseUrl: `${front.origin}/api/v1` } },
      {
        overrides: AT_ONCE,
        grep: REFUSALS,
      },
    );
    console.log(describeRun(`idle close at 300 ms (${front.ended()} requests reset)`, run));
    expect(idsWith(run, 'fail')).toEqual([]);
    expect(idsWith(run, 'error')).toEqual([]);
    expect(run.verdict.label).toBe('PASSED');
    expect(front.ended()).toBeGreaterThan(0);
    const met = run.summary.stats?.transient?.met ?? 0;
    expect(met).toBeGreaterThanOrEqual(front.ended());
    expect(run.summary.stats?.transient).toEqual({ met, resent: met, reproduced: 0, notResent: 0 });
  }, 240_000);
});
