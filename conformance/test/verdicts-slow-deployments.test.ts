// A deployment as it is in real life, conforming: slow (every answer late),
// rate-limited per key (429 with Retry-After), eventually consistent (writes
// show in listings 300-500 ms later), with ids the seed allows (any string),
// behind a gateway that compresses whatever the client asks, with a storage
// that signs the PUT's Content-Length and Host, all at once. It gets the right
// verdict at core: PASSED, with the 429s met waited out and never counted as a
// refusal or a failure.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rule } from './support/loopback-proxy.ts';
import { latency } from './support/latency-rule.ts';
import { tokenBucket } from './support/rate-limit-rules.ts';
import { eventualListings } from './support/eventual-listings.ts';
import { presignNamesSignedHeaders } from './support/upload-variants.ts';
import { underPath, when } from './support/rule-stack.ts';
import { startVariant, type Variant } from './support/variant.ts';
import { describeRun, idsWith, runAgainst, type VariantRun } from './support/variant-run.ts';

/**
 * The consistency window of these deployments, their lag plus a margin, instead of the real-deployment default of
 * 5 s (which every poll proving a refused write had no effect would wait out): they list a write 300-500 ms later.
 */
const EVENTUAL_WINDOW = { consistencyWindowMs: 1500 };

/** The verdict a conforming deployment gets: no check failed, none could not run, PASSED. */
function expectPassed(run: VariantRun): void {
  expect(idsWith(run, 'fail')).toEqual([]);
  expect(idsWith(run, 'error')).toEqual([]);
  expect(run.verdict.label).toBe('PASSED');
}

describe('a conforming deployment that is', () => {
  let variant: Variant | undefined;
  afterEach(async () => {
    await variant?.close();
    variant = undefined;
  });

  // The level a gateway serves br at (nginx's default): brotli's own default, 11, costs a millisecond an answer.
  const BR_LEVEL = { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } };

  /** A gateway that compresses every answer with a body, gzip or br in turn, whatever the client asked; it counts them. */
  function compressingGateway(): { rule: Rule; count(): number } {
    let compressed = 0;
    const rule: Rule = async (request, forward) => {
      const answer = await forward(request);
      if (answer.body.length === 0) return answer;
      compressed++;
      const br = compressed % 2 === 0;
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'content-length'));
      return {
        ...answer,
        headers: { ...headers, 'content-encoding': br ? 'br' : 'gzip', vary: 'Accept-Encoding' },
        body: br ? brotliCompressSync(answer.body, BR_LEVEL) : gzipSync(answer.body),
      };
    };
    return { rule, count: () => compressed };
  }

  // Traits of one deployment are met together, as in real life: one whole core run, each trait changing every
  // exchange, so a trait the suite mishandles fails that run.
  it('slow (every answer 60 ms late), with ids of ":", ".", "~", "@", "+", a space and non-ASCII letters, behind a gateway compressing every answer (gzip or br, whatever the client asks), rate-limited per key (token bucket, 429 with Retry-After), eventually consistent (writes listed 300-500 ms later), naming Content-Length and Host among the headers of a presigned PUT, passes every core check, the 429s waited out and counted', async () => {
    const gateway = compressingGateway();
    // A small burst: the checks' parallel requests exceed it however slowly the machine runs, so 429s are met in every run.
    const limiter = tokenBucket({ perSecond: 60, burst: 8 });
    variant = await startVariant({
      oddIds: true,
      // The gateway compresses what the client gets: outside the id mapping, which reads the answers' JSON.
      wireRules: [gateway.rule],
      rules: (c) => [
        latency(60),
        when(underPath(), limiter.rule),
        eventualListings({ observerToken: c.fullToken }).rule,
        presignNamesSignedHeaders(),
      ],
    });
    expect(variant.workspaceId).toMatch(/[:.~@+ ]/);
    const run = await runAgainst(variant, { overrides: EVENTUAL_WINDOW });
    console.log(
      describeRun(
        'latency 60 ms; odd ids; every answer compressed; token bucket 60/s, burst 8, per key; eventual listings 300-500 ms; presign names signed headers',
        run,
      ),
    );
    expect(gateway.count()).toBeGreaterThan(100);
    expectPassed(run);
    // The deployment did refuse some requests for the rate: the run met them and did not count them as refusals.
    const refused = Object.values(limiter.counts()).reduce((n, c) => n + c.refused, 0);
    expect(refused).toBeGreaterThan(0);
    expect(run.summary.stats?.rateLimited).toBe(refused);
  }, 240_000);

  it('eventually consistent still fails a refused write that was applied (a trash restore), once the trash shows', async () => {
    variant = await startVariant({
      faults: ['refusal-changes-state'],
      rules: (c) => [eventualListings({ observerToken: c.fullToken }).rule],
    });
    // The fault breaks the scope rule; the trash restore's check reads its effect back through the lagging trash.
    const run = await runAgainst(variant, { overrides: EVENTUAL_WINDOW, grep: '^SCOPE-updateTrash-' });
    console.log(describeRun('eventual listings, refused writes applied', run));
    expect(run.verdict.label).toBe('FAILED');
    expect(run.byId.get('SCOPE-updateTrash-refused')?.status).toBe('fail');
  }, 240_000);
});
