// The set-up's own requests are judged by the rules: a deployment that answers
// 5xx only to the run's shared test files (sent by no check) still fails a
// core check, the robustness oracle of that route, naming the set-up step;
// the checks that needed those files are "not run", not the verdict's cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIds } from '../plan/check-ids.ts';
import { json, type Rule } from './support/loopback-proxy.ts';
import { runAgainst, type VariantRun } from './support/variant-run.ts';
import { startVariant, type Variant } from './support/variant.ts';

/** A presign-upload of a file under the run's shared folder (only the set-up makes those) answered 500. */
const sharedUploadsFail: Rule = (request, forward) =>
  request.method === 'POST' && /\/files\/presign-upload(\?|$)/.test(request.url) && request.body.toString().includes('/shared/')
    ? Promise.resolve(json(500, { error: 'internal' }))
    : forward(request);

describe('the set-up judged by the rules', () => {
  let variant: Variant;
  let run: VariantRun;
  beforeAll(async () => {
    variant = await startVariant({ rules: [sharedUploadsFail] });
    run = await runAgainst(variant, { level: 'core', overrides: { consistencyWindowMs: 1000 } });
  }, 300_000);
  afterAll(() => variant?.close());

  it('fails the robustness oracle of the route the set-up broke it on, naming the step', () => {
    const oracle = run.byId.get(checkIds.oracle('robustness', 'presignUpload'));
    expect(oracle?.status, JSON.stringify(oracle)).toBe('fail');
    expect(oracle?.failure?.actual).toMatch(/sent by set-up: /);
    expect(oracle?.failure?.actual).toMatch(/500/);
    expect(run.verdict.label).toBe('FAILED');
  });
});
