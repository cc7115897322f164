// Hostile or odd answers cost the run neither its memory nor its verdict: a
// redirect to another origin is never followed (no key reaches it), a trickle
// times out, a gzip bomb is never inflated, a 200 MB answer is never held whole,
// and invalid JSON is judged as an answer, never a harness TypeError. Each
// run holds the checks of the routes answered so (the set-up's traffic is
// the rest of the run's).
import { afterEach, describe, expect, it } from 'vitest';
import { isOperation } from './support/api-routes.ts';
import { redirectToOrigin } from './support/redirect-rules.ts';
import { startRecordingServer, type RecordingServer } from './support/recording-server.ts';
import { startVariant, type Variant } from './support/variant.ts';
import { describeRun, runAgainst } from './support/variant-run.ts';
import { EMBEDDED_OVERRIDES } from '../embedded/embedded-keys.ts';

/** The process's resident memory in MB. */
const rssMb = () => process.memoryUsage().rss / 1024 ** 2;

describe('a deployment that', () => {
  let variant: Variant | undefined;
  let recorder: RecordingServer | undefined;
  afterEach(async () => {
    await variant?.close();
    await recorder?.close();
    variant = recorder = undefined;
  });

  it('redirects a route to another origin: never followed, no key sent there, the route judged on the redirect', async () => {
    recorder = await startRecordingServer();
    variant = await startVariant({ rules: [redirectToOrigin(recorder.origin, { status: 307, picks: isOperation('listAutomations') })] });
    const run = await runAgainst(variant, { overrides: EMBEDDED_OVERRIDES, grep: 'listAutomations' });
    console.log(describeRun('listAutomations redirected to another origin', run));
    expect(recorder.received).toEqual([]);
    expect(run.byId.get('PATH-listAutomations-served')?.status).toBe('fail');
    expect(run.byId.get('PATH-listAutomations-served')?.failure?.actual).toMatch(/^307/);
    expect(run.verdict.label).toBe('FAILED');
  }, 240_000);

  it('trickles one route one byte a second: its requests time out, the rest of the run goes on', async () => {
    variant = await startVariant({
      hostile: [{ picks: isOperation('listTransfers'), answer: { kind: 'trickle', from: 'body', intervalMs: 1000 } }],
    });
    const run = await runAgainst(variant, {
      overrides: EMBEDDED_OVERRIDES,
      requestTimeoutMs: 1500,
      grep: 'listTransfers|PATH-listFiles-served',
    });
    console.log(describeRun('listTransfers trickles', run));
    expect(run.summary.incomplete).toBeUndefined();
    expect(run.byId.get('PATH-listTransfers-served')?.reason).toMatch(/^not run: .*no answer within 1500 ms/);
    expect(run.byId.get('PATH-listFiles-served')?.status).toBe('pass');
  }, 240_000);

  it('answers one route with a 10 GiB gzip bomb and another with 16 MB: nothing inflated, nothing held whole', async () => {
    const before = rssMb();
    variant = await startVariant({
      hostile: [
        { picks: isOperation('listShares'), answer: { kind: 'gzip-bomb' } },
        { picks: isOperation('listSuggestions'), answer: { kind: 'huge', bytes: 16 * 1024 ** 2 } },
      ],
    });
    const run = await runAgainst(variant, { overrides: EMBEDDED_OVERRIDES, grep: 'listShares|listSuggestions' });
    const grown = rssMb() - before;
    console.log(`${describeRun('gzip bomb and 16 MB answers', run)}; memory grew ${grown.toFixed(0)} MB`);
    // A run grows this process (mock, proxy and suite) by a few hundred MB on a loaded machine (answers of up to the
    // client's 8 MiB cap in flight, 16 at a time, collected late); a 10 GiB bomb inflated, or the 16 MB answers held
    // whole for the run, would need gigabytes.
    expect(grown).toBeLessThan(1200);
    expect(run.summary.harnessProblems).toEqual([]);
    expect(run.summary.checks.filter((c) => c.reason?.startsWith('harness error')).map((c) => c.id)).toEqual([]);
  }, 240_000);

  it('answers invalid JSON, null, a string or an array where an object belongs: judged, never a harness error', async () => {
    variant = await startVariant({
      hostile: [
        { picks: isOperation('getIntelligence'), answer: { kind: 'invalid-json' } },
        { picks: isOperation('listAutomations'), answer: { kind: 'json-null' } },
        { picks: isOperation('listSuggestions'), answer: { kind: 'json-string' } },
      ],
    });
    const run = await runAgainst(variant, {
      overrides: EMBEDDED_OVERRIDES,
      level: 'profile',
      grep: 'getIntelligence|listAutomations|listSuggestions',
    });
    console.log(describeRun('wrong JSON answers', run));
    expect(run.summary.checks.filter((c) => c.reason?.startsWith('harness error')).map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    expect(run.byId.get('SCHEMA-getIntelligence-response')?.status).toBe('fail');
  }, 240_000);
});
