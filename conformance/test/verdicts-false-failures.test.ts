// No false failure: an implementation that chose differently wherever the gap
// register says "profile" (limit at most 100, unknown body fields ignored, file
// looked up before the body, other error bodies and 2xx codes, bare-array
// listings, 403 for a foreign bucket, 404 for unlisted methods and for HEAD,
// 409 for a second backfill) passes every core check, the request variants of
// the run's traffic judged too; so does one whose uploads show up only after a while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPassed, startBench, withRule, type Bench } from './support/check-bench.ts';
import { independentImplementation, slowUploads, type Target } from './support/other-servers.ts';

describe('core verdicts on servers that chose differently', () => {
  let bench: Bench;
  let target: Target;

  beforeAll(async () => {
    bench = await startBench();
    target = { ...bench.settings.buckets, fullToken: bench.token('full') };
  }, 60_000);
  afterAll(async () => bench?.close());

  it('passes every core check against an independent implementation of the seed', async () => {
    // Every core check, the oracles and their variants among them.
    const outcomes = await withRule(bench, independentImplementation(target), async () =>
      // The mock shows a write at once, as the embedded run's window says: refused-write checks need not idle 5 s each.
      bench.run((def) => def.level === 'core', { overrides: { consistencyWindowMs: 1000 } }),
    );
    expect(notPassed(outcomes)).toEqual({});
    expect(Object.keys(outcomes).filter((id) => id.endsWith('-method-override-refused'))).toHaveLength(4);
    // The checks that used to depend on a choice: read-backs with limit=1000, an unknown field on an absent file.
    for (const id of [
      'PATH-updateFile-served',
      'SCOPE-updateFile-refused',
      'LIST-prefix-honoured',
      'LIST-prefix-literal-characters',
      'BUCKET-listFiles-own-bucket-only',
      'BUCKET-updateFile-mass-assignment',
    ])
      expect(outcomes[id]?.status, id).toBe('pass');
    expect(Object.keys(outcomes).length).toBeGreaterThan(150);
    // The implementation does differ: the profile checks of those choices fail on it (without overrides).
    const profile = await withRule(bench, independentImplementation(target), () =>
      bench.run([
        'LIST-limit-maximum',
        'PATH-listFiles-unlisted-method-405',
        'BUCKET-listFiles-other-like-absent',
        'ERR-updateFile-schema-422',
      ]),
    );
    expect(Object.values(profile).map((o) => o.status)).toEqual(['fail', 'fail', 'fail', 'fail']);
  }, 180_000);

  it('waits for an upload that is listed only after a while, before acting on it or failing', async () => {
    const ids = [
      'UPLOAD-appears-without-complete',
      'PATH-updateFile-served',
      'SCOPE-updateFile-allowed',
      'SCOPE-trashFiles-refused',
      'BUCKET-moveFiles-destination-refused',
      'BUCKET-updateFile-foreign-file-unreached',
    ];
    const outcomes = await withRule(bench, slowUploads(700), () => bench.run(ids));
    expect(notPassed(outcomes)).toEqual({});
    // The wait is bounded by overrides.uploadVisibleWithinMs: shorter than the delay, the upload check fails.
    const impatient = await withRule(bench, slowUploads(700), () =>
      bench.run(['UPLOAD-appears-without-complete'], { overrides: { uploadVisibleWithinMs: 200 } }),
    );
    expect(impatient['UPLOAD-appears-without-complete']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('within 200 ms'),
    });
  }, 120_000);
});
