// Deployments that break a rule, or hardly answer, get a verdict that says so:
// uploads that never become ready or need upload-complete fail the upload rule
// (and only what needs the run's own test files is "not run", pointing at it;
// files the bucket already holds serve the rest); routes served
// under another path shape or not at all are failed by their served check and
// the rest of their checks are "not served", never passed; a deployment that
// answers every request 429 gives no verdict and no passing refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { uploadsNeverReady } from './support/upload-variants.ts';
import { bucketRoutesAt, SINGULAR_BUCKET } from './support/path-shape.ts';
import { servesAllBut, servesOnly } from './support/partial-server.ts';
import { always429 } from './support/rate-limit-rules.ts';
import { underPath, when } from './support/rule-stack.ts';
import { isOperation } from './support/api-routes.ts';
import { json } from './support/loopback-proxy.ts';
import { rootCauseLines, rootCauses } from '../report/root-causes.ts';
import { buildOrder, buildOrderLines } from '../report/build-order.ts';
import { verdictOf } from '../report/summary.ts';
import { startUploadNeedsCompleteVariant, startVariant, type Variant } from './support/variant.ts';
import { describeRun, idsWith, runAgainst, type VariantRun } from './support/variant-run.ts';

/**
 * The consistency window of these deployments: the mock shows a write at once, so the window only bounds the polls
 * that prove a refused write had no effect (the real-deployment default of 5 s would make each run wait it out).
 */
const AT_ONCE = { consistencyWindowMs: 300 };

/** Every check that could not run names what it needed and the check whose rule that rests on. */
function expectNotRunPointsAt(run: VariantRun, checkId: string): void {
  const notRun = run.summary.checks.filter((c) => c.status === 'error');
  expect(notRun.length).toBeGreaterThan(0);
  for (const c of notRun) expect(c.reason, c.id).toMatch(new RegExp(`^not run: .*\\(see ${checkId}\\)`));
}

describe('a deployment whose', () => {
  let variant: Variant | undefined;
  afterEach(async () => {
    await variant?.close();
    variant = undefined;
  });

  it('uploads never become ready FAILS the upload rule; only the checks needing test files are not run, pointing at it', async () => {
    variant = await startVariant({ rules: [uploadsNeverReady()] });
    const run = await runAgainst(variant, { overrides: AT_ONCE });
    console.log(describeRun('uploads never ready', run));
    expect(run.verdict).toMatchObject({ label: 'FAILED', exitCode: 1 });
    expect(run.byId.get('UPLOAD-appears-without-complete')?.status).toBe('fail');
    expectNotRunPointsAt(run, 'UPLOAD-appears-without-complete');
    // Files the bucket already holds serve the checks that only read them or change their tags; nothing else fails.
    expect(idsWith(run, 'fail')).toEqual(['UPLOAD-appears-without-complete']);
    expect(run.byId.get('SCOPE-updateFile-allowed')?.status).toBe('pass');
    // Checks that need no test file still give their verdict.
    expect(run.byId.get('AUTH-listWorkspaces-refused')?.status).toBe('pass');
    expect(run.verdict.reason).toMatch(/checks? could not run/);
  }, 240_000);

  it('uploads need upload-complete FAILS the upload rule the same way', async () => {
    variant = await startUploadNeedsCompleteVariant();
    // The whole run's account is the test above; here the upload rule and the checks that wait on its files.
    const run = await runAgainst(variant, { overrides: AT_ONCE, grep: 'UPLOAD-|updateFile|downloadFile' });
    console.log(describeRun('uploads need upload-complete', run));
    expect(run.verdict).toMatchObject({ label: 'FAILED', exitCode: 1 });
    expect(run.byId.get('UPLOAD-appears-without-complete')?.status).toBe('fail');
    expectNotRunPointsAt(run, 'UPLOAD-appears-without-complete');
  }, 240_000);

  it('bucket routes live under another path shape finds them not built (at their documented paths); their other checks are not served', async () => {
    variant = await startVariant({ rules: (c) => [bucketRoutesAt(SINGULAR_BUCKET, c.workspaceOf)] });
    const run = await runAgainst(variant, { overrides: AT_ONCE });
    console.log(describeRun('buckets under /bucket/', run));
    expect(run.verdict).toMatchObject({ label: 'NOT BUILT YET', exitCode: 4 });
    expect(run.byId.get('PATH-listFiles-served')?.status).toBe('unbuilt');
    expect(run.byId.get('SCOPE-listFiles-refused')?.status).toBe('unserved');
    expect(run.byId.get('SCOPE-listFiles-refused')?.reason).toMatch(
      /^not served: GET .*\/files answered 404 .* \(see PATH-listFiles-served\)$/,
    );
    // Nothing of a route the deployment does not serve counts as passed.
    const served = new Set(['GET /workspaces', 'GET /workspaces/{workspaceId}/buckets']);
    const passedElsewhere = run.summary.checks.filter(
      (c) => c.status === 'pass' && c.route && !served.has(c.route) && !c.id.startsWith('ORACLE-'),
    );
    expect(passedElsewhere.map((c) => c.id)).toEqual([]);
  }, 240_000);

  it('is partly built (3 routes of 21) is NOT BUILT YET (exit 4), names the routes to build in order, judges the built ones; no refusal of an unbuilt route passes', async () => {
    variant = await startVariant({ rules: [servesOnly(['listWorkspaces', 'listBuckets', 'listFiles'])] });
    const run = await runAgainst(variant, { overrides: AT_ONCE });
    console.log(describeRun('3 routes of 21', run));
    expect(run.verdict).toMatchObject({ label: 'NOT BUILT YET', exitCode: 4 });
    for (const op of ['listWorkspaces', 'listBuckets', 'listFiles']) expect(run.byId.get(`PATH-${op}-served`)?.status, op).toBe('pass');
    expect(run.byId.get('PATH-presignUpload-served')?.status).toBe('unbuilt');
    // Without uploads, a file already listed in the bucket is the real target of PATCH's proof: the unbuilt route fails
    // its served check, and its other checks are not served.
    expect(run.byId.get('PATH-updateFile-served')?.status).toBe('unbuilt');
    expect(run.byId.get('SCOPE-updateFile-refused')?.reason).toMatch(
      /^not served: PATCH .* answered 404 .*\(see PATH-updateFile-served\)$/,
    );
    // A route whose call would trash a file is shown not there by a call on a file that does not exist, beside a control.
    expect(run.byId.get('PATH-trashFiles-served')?.status).toBe('unbuilt');
    expect(run.byId.get('SCOPE-trashFiles-refused')?.status).toBe('unserved');
    expect(run.byId.get('SCOPE-listFiles-refused')?.status).toBe('pass');
    // Nothing can be uploaded: the listing filters are judged on the files the bucket already holds.
    for (const id of ['LIST-prefix-honoured', 'LIST-prefix-partial-segment', 'LIST-tag-honoured'])
      expect(run.byId.get(id)?.status, id).toBe('pass');
    const unbuiltPassed = run.summary.checks.filter(
      (c) => c.status === 'pass' && /-(refused|401|other-refused)$/.test(c.id) && !/-(listWorkspaces|listBuckets|listFiles)-/.test(c.id),
    );
    expect(unbuiltPassed.map((c) => c.id)).toEqual([]);
    expect(run.summary.totals.unserved).toBeGreaterThan(50);
    // What to build next: the unbuilt route holding back the most checks, named in the verdict line and in the order.
    const order = buildOrder(run.summary);
    expect(order.map((u) => u.operationId).sort()).toEqual(
      run.summary.checks
        .filter((c) => c.status === 'unbuilt')
        .map((c) => c.id.replace(/^PATH-(.+)-served$/, '$1'))
        .sort(),
    );
    for (let i = 1; i < order.length; i++) expect(order[i - 1].holdsBack).toBeGreaterThanOrEqual(order[i].holdsBack);
    expect(run.verdict.reason).toContain(`18 routes not built yet (next to build: ${order[0].route})`);
    expect(buildOrderLines(run.summary).at(1)).toMatch(/^Not built yet \(18 routes the seed lists\)/);
    // Allowed while a server is being built: the same run passes, for nothing it serves breaks a rule.
    const allowed = verdictOf({ ...run.summary, allowUnbuilt: true });
    expect(allowed).toMatchObject({ label: 'PASSED', exitCode: 0 });
    expect(allowed.reason).toContain('18 routes not built yet');
  }, 240_000);

  it.each([
    {
      missing: ['trashFiles', 'getTrash', 'updateTrash'] as const,
      runs: ['ORACLE-bucket-limits-listFiles', 'BUCKET-listFiles-search-own-bucket-only'],
    },
    { missing: ['updateFile'] as const, runs: ['BUCKET-presignDownload-foreign-file-unreached', 'BUCKET-getTrash-own-bucket-only'] },
  ])(
    'is built but for $missing FAILS those routes; every check not resting on them runs',
    async ({ missing, runs }) => {
      variant = await startVariant({ rules: [servesAllBut(missing)] });
      const run = await runAgainst(variant, { overrides: AT_ONCE });
      console.log(describeRun(`without ${missing.join(', ')}`, run));
      expect(run.verdict).toMatchObject({ label: 'NOT BUILT YET', exitCode: 4 });
      for (const op of missing) expect(run.byId.get(`PATH-${op}-served`)?.status, op).toBe('unbuilt');
      // A test file the route would have trashed or described: only the checks of that step wait on it, never the others.
      expect(idsWith(run, 'error')).toEqual([]);
      for (const id of [...runs, 'UPLOAD-download-round-trip']) expect(run.byId.get(id)?.status, id).toBe('pass');
    },
    240_000,
  );

  it('serves a write without its scope and not the read-back that shows it FAILS the scope rule, not "not run"', async () => {
    const readBackOf = {
      createAutomation: 'listAutomations',
      createSuggestion: 'listSuggestions',
      updateIntelligence: 'getIntelligence',
    } as const;
    for (const faults of [['scope-unenforced-everywhere'], []]) {
      variant = await startVariant({ faults, rules: [servesAllBut(Object.values(readBackOf))] });
      // The writes' own scope checks, and the served checks that find their read-backs missing.
      const grep = `^SCOPE-(${Object.keys(readBackOf).join('|')})-|^PATH-(${Object.values(readBackOf).join('|')})-served`;
      const run = await runAgainst(variant, { overrides: AT_ONCE, grep });
      console.log(describeRun(`read-backs unbuilt, faults [${faults.join()}]`, run));
      // The write is served to a key without the scope: the answer alone breaks the rule. Refused, its effect cannot be read back.
      for (const [op, readBack] of Object.entries(readBackOf)) {
        const check = run.byId.get(`SCOPE-${op}-refused`);
        if (faults.length) expect(check?.status, op).toBe('fail');
        else expect(check?.reason, op).toMatch(new RegExp(`^not run: needs ${readBack}, which is not served`));
      }
      await variant.close();
      variant = undefined;
    }
  }, 240_000);

  it('is partly built and its listing filters are wrong FAILS the filter checks, judged on the files it already holds', async () => {
    variant = await startVariant({
      rules: [servesOnly(['listWorkspaces', 'listBuckets', 'listFiles'])],
      faults: ['prefix-cut-to-last-slash', 'tag-filter-ignored'],
    });
    // The faults break the listing rule alone: the listing checks give the verdict.
    const run = await runAgainst(variant, { overrides: AT_ONCE, grep: '^LIST-' });
    console.log(describeRun('3 routes of 21, filters wrong', run));
    expect(run.byId.get('LIST-prefix-partial-segment')?.status).toBe('fail');
    expect(run.byId.get('LIST-tag-honoured')?.status).toBe('fail');
    expect(run.byId.get('LIST-prefix-honoured')?.status).toBe('pass');
  }, 240_000);

  it('answers 500 to every request of one route FAILS its served check alone: the route is the root cause, its other checks blocked behind it', async () => {
    variant = await startVariant({ rules: [when(isOperation('listTransfers'), async () => json(500, { status: 500, code: 'internal' }))] });
    // The route's own checks, and the KEY checks, which prove the transfers scope on that route.
    const run = await runAgainst(variant, { overrides: AT_ONCE, grep: '(listTransfers|^KEY-)' });
    console.log(describeRun('500 on listTransfers', run));
    expect(run.verdict).toMatchObject({ label: 'FAILED', exitCode: 1 });
    // One cause, one failure: a 500 is neither served nor refused, so no key check fails on it, and no config is blamed.
    expect(idsWith(run, 'fail')).toEqual(['PATH-listTransfers-served']);
    const blocked = run.summary.checks.filter((c) => c.status === 'error');
    expect(blocked.length).toBeGreaterThan(5);
    for (const c of blocked)
      expect(c.reason, c.id).toMatch(/^not run: blocked by PATH-listTransfers-served: GET .*\/transfers answered 500 to a valid call/);
    expect(run.summary.checks.some((c) => /may come from the config/.test(c.failure?.actual ?? ''))).toBe(false);
    expect(rootCauses(run.summary)).toEqual([
      expect.objectContaining({ id: 'PATH-listTransfers-served', status: 'fail', blocked: blocked.length }),
    ]);
    expect(rootCauseLines(run.summary)[1]).toBe(
      `Root causes first: 1 route answers a valid call with an error; ${blocked.length} checks blocked behind them:`,
    );
  }, 240_000);

  it('answers every request 429 gives no verdict, says it was rate limited, and passes no refusal check', async () => {
    variant = await startVariant({ rules: [when(underPath(), always429)] });
    const run = await runAgainst(variant, { overrides: AT_ONCE });
    console.log(describeRun('always 429', run));
    expect(run.verdict.exitCode).toBe(2);
    expect(run.summary.totals.pass).toBe(0);
    expect(run.summary.totals.fail).toBe(0);
    expect(`${run.summary.incomplete?.reason} ${run.verdict.reason}`).toMatch(/rate limited|429/);
  }, 240_000);
});
