// Deployments as they are in real life, each conforming: slow (every answer
// late), rate-limited per key (429 with Retry-After), eventually consistent
// (writes show in listings 300-500 ms later), with ids the seed allows (any
// string), behind a gateway that compresses whatever the client asks, with a
// storage that signs the PUT's Content-Length and Host. Each gets
// the right verdict at core: PASSED, with the 429s met waited out and never
// counted as a refusal or a failure.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rule } from './support/loopback-proxy.ts';
import { latency } from './support/latency-rule.ts';
import { tokenBucket } from './support/rate-limit-rules.ts';
import { eventualListings } from './support/eventual-listings.ts';
import { presignNamesSignedHeaders } from './support/upload-variants.ts';
import { underPath, when } from './support/rule-stack.ts';
import { startVariant, type Variant } from './support/variant.ts';
import { describeRun, idsWith, runAgainst, type VariantRun } from './support/variant-run.ts';

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

  it('slow (every answer 60 ms late) passes every core check', async () => {
    variant = await startVariant({ rules: [latency(60)] });
    const run = await runAgainst(variant);
    console.log(describeRun('latency 60 ms', run));
    expectPassed(run);
  }, 240_000);

  it('behind a gateway that compresses every answer (gzip or br, whatever the client asks) passes every core check', async () => {
    let compressed = 0;
    const compressing: Rule = async (request, forward) => {
      const answer = await forward(request);
      if (answer.body.length === 0) return answer;
      compressed++;
      const br = compressed % 2 === 0;
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'content-length'));
      return {
        ...answer,
        headers: { ...headers, 'content-encoding': br ? 'br' : 'gzip', vary: 'Accept-Encoding' },
        body: br ? brotliCompressSync(answer.body) : gzipSync(answer.body),
      };
    };
    variant = await startVariant({ rules: [compressing] });
    const run = await runAgainst(variant);
    console.log(describeRun('every answer compressed', run));
    expect(compressed).toBeGreaterThan(100);
    expectPassed(run);
  }, 240_000);

  it('naming Content-Length and Host among the headers of a presigned PUT (a storage that signs them) passes every core check', async () => {
    variant = await startVariant({ rules: [presignNamesSignedHeaders()] });
    const run = await runAgainst(variant);
    console.log(describeRun('presign names signed headers', run));
    expectPassed(run);
  }, 240_000);

  it('rate-limited per key (token bucket, 429 with Retry-After) passes, the 429s waited out and counted', async () => {
    const limiter = tokenBucket({ perSecond: 60, burst: 120 });
    variant = await startVariant({ rules: [when(underPath(), limiter.rule)] });
    const run = await runAgainst(variant);
    console.log(describeRun('token bucket 60/s, burst 120, per key', run));
    expectPassed(run);
    // The deployment did refuse some requests for the rate: the run met them and did not count them as refusals.
    const refused = Object.values(limiter.counts()).reduce((n, c) => n + c.refused, 0);
    expect(refused).toBeGreaterThan(0);
    expect(run.summary.stats?.rateLimited).toBe(refused);
  }, 240_000);

  it('eventually consistent (writes show in listings 300-500 ms later) passes every core check', async () => {
    variant = await startVariant({ rules: (c) => [eventualListings({ observerToken: c.fullToken }).rule] });
    const run = await runAgainst(variant);
    console.log(describeRun('eventual listings 300-500 ms', run));
    expectPassed(run);
  }, 240_000);

  it('eventually consistent still fails a refused write that was applied (a trash restore), once the trash shows', async () => {
    variant = await startVariant({
      faults: ['refusal-changes-state'],
      rules: (c) => [eventualListings({ observerToken: c.fullToken }).rule],
    });
    const run = await runAgainst(variant);
    console.log(describeRun('eventual listings, refused writes applied', run));
    expect(run.verdict.label).toBe('FAILED');
    expect(idsWith(run, 'fail').filter((id) => id.startsWith('SCOPE-'))).not.toEqual([]);
  }, 240_000);

  it('using ids with ":", ".", "~", "@", "+", a space and non-ASCII letters passes every core check', async () => {
    variant = await startVariant({ oddIds: true });
    expect(variant.workspaceId).toMatch(/[:.~@+ ]/);
    const run = await runAgainst(variant);
    console.log(describeRun('odd ids', run));
    expectPassed(run);
  }, 240_000);
});
