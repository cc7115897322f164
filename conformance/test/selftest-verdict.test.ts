// The self-test's judgement: a trial is caught only by a failing check of its
// area at its level; a check no trial made fail is reported as never failed;
// every planted fault is a trial at the area and level the suite expects, and
// combinations stay on upload-complete. Its plan gives every trial a catcher
// and every check a trial, and any way it goes stale is found.
import { describe, expect, it } from 'vitest';
import { FAULT_NAMES } from '../../mocks/faults/fault-catalog.ts';
import { FAULT_TARGETS } from '../../mocks/faults/fault-targets.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { AREAS } from '../config/config-types.ts';
import { defaultTokenEnv } from '../config/load-config.ts';
import { EMBEDDED_OVERRIDES, embeddedKeyPlan, embeddedScopes } from '../embedded/embedded-keys.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { BOOKS } from '../operations/books.ts';
import { operationOf } from '../client/request-builder.ts';
import { matchesGrep } from '../plan/planner.ts';
import { FAULT_EXPECTATIONS } from '../selftest/fault-expectations.ts';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import { judgeFault, renderSelftest, uncoveredChecks } from '../selftest/selftest-verdict.ts';
import { areaGrep, selftestTrials } from '../selftest/selftest-trials.ts';
import { choosePlan, idGrep, planProblems, readPlan, REFRESH_COMMAND, trialProblems, unheldClaims } from '../selftest/selftest-plan.ts';

const check = (
  id: string,
  area: SummaryCheck['area'],
  level: SummaryCheck['level'],
  status: SummaryCheck['status'],
  requests = 1,
): SummaryCheck => ({ id, title: id, area, level, status, requests });

function summary(checks: SummaryCheck[]): Summary {
  const totals = { pass: 0, fail: 0, skip: 0, disabled: 0, error: 0, unserved: 0, unbuilt: 0 };
  for (const c of checks) totals[c.status] += 1;
  return {
    runId: 'r',
    baseUrl: 'http://127.0.0.1/api/v1',
    level: 'profile',
    readOnly: false,
    finishedAt: '',
    totals,
    areas: {} as Summary['areas'],
    routes: {},
    uncoveredRoutes: [],
    checks,
    harnessProblems: [],
  };
}

describe('the self-test verdict', () => {
  const fault = { name: 'scope-unenforced-everywhere', area: 'scopes', level: 'core' as const };

  it('catches a fault only with a failing check of its area at its level', () => {
    const otherLevel = summary([
      check('SCOPE-a-insufficient-scope', 'scopes', 'profile', 'fail'),
      check('AUTH-a-refused', 'auth', 'core', 'fail'),
    ]);
    expect(judgeFault(fault, otherLevel, [], 1).caught).toBe(false);
    const right = summary([check('SCOPE-a-refused', 'scopes', 'core', 'fail')]);
    expect(judgeFault(fault, right, [], 1)).toMatchObject({ caught: true, caughtBy: ['SCOPE-a-refused'] });
  });

  it('does not count a fault as caught when a report leaked a key', () => {
    expect(judgeFault(fault, summary([check('SCOPE-a-refused', 'scopes', 'core', 'fail')]), ['summary.md'], 1).caught).toBe(false);
  });

  it('lists the clean run checks no trial made fail, and renders them', () => {
    const clean = summary([
      check('A-1', 'auth', 'core', 'pass'),
      check('A-2', 'auth', 'core', 'pass'),
      check('S-1', 'scopes', 'core', 'pass'),
    ]);
    const verdicts = [
      judgeFault(
        { name: 'f', area: 'auth', level: 'core' },
        summary([check('A-1', 'auth', 'core', 'fail'), check('S-1', 'scopes', 'core', 'fail')]),
        [],
        1,
      ),
    ];
    expect(uncoveredChecks(clean, verdicts).map((u) => u.id)).toEqual(['A-2']);
    const report = renderSelftest({ clean, cleanOk: true, verdicts, durationMs: 1000, mode: { kind: 'full' } });
    expect(report).toContain('| auth | 2 | 1 | A-2 |');
    expect(report).toContain('2/3 checks shown failing');
  });
});

describe('the self-test trials', () => {
  const trials = selftestTrials();

  it('has one trial per planted fault, at the area and level the suite expects of it', () => {
    for (const name of FAULT_NAMES) {
      const { area, level, alsoRuns = [] } = FAULT_EXPECTATIONS[name];
      expect(trials.find((t) => t.name === name)).toMatchObject({ faults: [name], area, level, areas: [area, ...alsoRuns] });
    }
    expect(Object.keys(FAULT_EXPECTATIONS).sort()).toEqual([...FAULT_NAMES].sort());
  });

  it("expects each fault in one of the suite's own areas", () => {
    for (const expectation of Object.values(FAULT_EXPECTATIONS)) {
      expect(AREAS).toContain(expectation.area);
      for (const area of expectation.alsoRuns ?? []) expect(AREAS).toContain(area);
    }
  });

  it('combines faults only with upload-needs-complete, and runs only upload-complete checks then', () => {
    const combos = trials.filter((t) => t.faults.length > 1);
    expect(combos.length).toBeGreaterThan(0);
    for (const combo of combos) {
      expect(combo.faults[0]).toBe('upload-needs-complete');
      expect(new RegExp(combo.grep!).test('AUTH-completeUpload-refused')).toBe(true);
      expect(new RegExp(combo.grep!).test('AUTH-listFiles-refused')).toBe(false);
      // The rules judged over every exchange of upload-complete too: only a combination can show them failing.
      expect(new RegExp(combo.grep!).test('ORACLE-bucket-limits-completeUpload')).toBe(true);
      expect(new RegExp(combo.grep!).test('ORACLE-auth-listFiles')).toBe(false);
    }
  });

  it('selects checks by their exact area tag', () => {
    const grep = new RegExp(areaGrep(['auth', 'bucket-limits']));
    expect(['@auth', '@bucket-limits'].every((t) => grep.test(t))).toBe(true);
    expect(['@scopes', 'AUTH-x-refused', '@auth-x'].some((t) => grep.test(t))).toBe(false);
  });
});

describe('the self-test plan', () => {
  const clean = summary([
    check('A-1', 'auth', 'core', 'pass'),
    check('A-2', 'auth', 'core', 'pass'),
    check('S-1', 'scopes', 'core', 'pass'),
    check('S-2', 'scopes', 'profile', 'pass'),
  ]);
  const auth = { name: 'auth-fault', area: 'auth' as const, level: 'core' as const };
  const scopes = { name: 'scope-fault', area: 'scopes' as const, level: 'core' as const };
  const results = [
    {
      trial: auth,
      summary: summary([
        check('A-1', 'auth', 'core', 'fail', 30),
        check('A-2', 'auth', 'core', 'fail', 3),
        check('S-2', 'scopes', 'profile', 'fail'),
      ]),
    },
    { trial: scopes, summary: summary([check('S-1', 'scopes', 'core', 'fail'), check('S-2', 'scopes', 'profile', 'fail', 9)]) },
  ];

  it('gives every trial a failing check of its area at its level, and every check a trial where it failed', () => {
    const plan = choosePlan(clean, results);
    expect(plan).toEqual({ trials: { 'auth-fault': ['A-2', 'A-1', 'S-2'], 'scope-fault': ['S-1'] }, wholeArea: [] });
    expect(planProblems(plan, [auth, scopes], clean)).toEqual([]);
  });

  it('keeps the claims of the previous plan, and sets aside a claim that did not hold alone', () => {
    const previous = { trials: { 'auth-fault': ['A-1'], 'scope-fault': ['S-2'] }, wholeArea: [] };
    expect(choosePlan(clean, results, previous).trials).toEqual({ 'auth-fault': ['A-1', 'A-2'], 'scope-fault': ['S-1', 'S-2'] });
    expect(choosePlan(clean, results, undefined, { 'auth-fault': ['S-2'] })).toEqual({
      trials: { 'auth-fault': ['A-2', 'A-1'], 'scope-fault': ['S-1', 'S-2'] },
      wholeArea: [],
    });
  });

  it('runs a trial whole when a claim held only beside the rest of its area and nothing else will do', () => {
    // A-2 fails only in auth-fault, and not alone: that trial runs its whole area, and takes A-1 and S-2 for free.
    expect(choosePlan(clean, results, undefined, { 'auth-fault': ['A-2'], 'scope-fault': ['S-2'] })).toEqual({
      trials: { 'auth-fault': ['A-1', 'A-2', 'S-2'], 'scope-fault': ['S-1'] },
      wholeArea: ['auth-fault'],
    });
  });

  it('runs a trial whole once two of its claims did not hold alone (a fault seen only beside the traffic of its area)', () => {
    const plan = choosePlan(clean, results, undefined, { 'auth-fault': ['A-1', 'A-2'] });
    expect(plan.wholeArea).toEqual(['auth-fault']);
    expect(plan.trials['auth-fault']).toEqual(expect.arrayContaining(['A-1', 'A-2']));
  });

  it('is stale for a new fault, a new check, a gone trial or check, and a trial with no catcher', () => {
    const plan = { trials: { 'auth-fault': ['S-2', 'A-9'], 'gone-fault': ['A-1'] }, wholeArea: [] };
    expect(planProblems(plan, [auth, scopes], clean)).toEqual([
      'trial auth-fault has no planned check of its area (auth) at its level (core)',
      'trial scope-fault is not in the plan',
      'the plan names trial gone-fault, which no longer exists',
      'check A-2 is in no trial of the plan',
      'check S-1 is in no trial of the plan',
      'the plan names check A-9, which the suite no longer has',
    ]);
    expect(trialProblems(plan, [scopes], clean)).toEqual(['trial scope-fault is not in the plan']);
    expect(planProblems(undefined, [auth], clean)).toEqual(['there is no plan']);
  });

  it('finds each planned check that passed in its trial', () => {
    const plan = { trials: { 'auth-fault': ['A-1', 'A-2'], 'scope-fault': ['S-1'] }, wholeArea: [] };
    const runs = [
      { name: 'auth-fault', summary: summary([check('A-1', 'auth', 'core', 'fail'), check('A-2', 'auth', 'core', 'pass')]) },
      { name: 'scope-fault', summary: summary([check('S-1', 'scopes', 'core', 'fail')]) },
    ];
    expect(unheldClaims(plan, runs)).toEqual({ 'auth-fault': ['A-2'] });
  });

  it('selects exactly the planned checks by id', () => {
    const grep = new RegExp(idGrep(['AUTH-listFiles-refused', 'ORACLE-auth-updateTrash']));
    const def = (id: string) => ({ id, title: `${id} is refused`, area: 'auth' as const, level: 'core' as const });
    expect(matchesGrep(def('AUTH-listFiles-refused'), grep)).toBe(true);
    expect(matchesGrep(def('ORACLE-auth-updateTrash'), grep)).toBe(true);
    expect(matchesGrep(def('AUTH-listFiles-refused-again'), grep)).toBe(false);
    expect(matchesGrep(def('XAUTH-listFiles-refused'), grep)).toBe(false);
  });

  it(`as committed, gives every trial a catcher and every check of the suite a trial (else \`${REFRESH_COMMAND}\`)`, () => {
    const keys = embeddedKeyPlan(embeddedScopes(), 'bucket').map((k) => ({ ...k, env: defaultTokenEnv(k.name) }));
    const checks = generateChecks(loadRouteTable(), keys, EMBEDDED_OVERRIDES).map((d) => check(d.id, d.area, d.level, 'pass'));
    expect(planProblems(readPlan(), selftestTrials(), summary(checks))).toEqual([]);
  });

  it('says how the trials ran, and what made the plan stale', () => {
    const verdicts = [judgeFault(auth, summary([check('A-1', 'auth', 'core', 'fail')]), [], 1)];
    const stale = renderSelftest({
      clean,
      cleanOk: true,
      verdicts,
      durationMs: 1,
      mode: { kind: 'plan', problems: ['check A-2 is in no trial of the plan'] },
    });
    expect(stale).toContain(`The plan is stale; \`${REFRESH_COMMAND}\``);
    expect(stale).toContain('- check A-2 is in no trial of the plan');
    expect(renderSelftest({ clean, cleanOk: true, verdicts, durationMs: 1, mode: { kind: 'plan', problems: [] } })).toContain(
      'The plan held',
    );
  });
});

describe('the faults of the mass-assignment checks', () => {
  it('writes-take-body-bucket-id breaks every write the suite reads back for mass assignment, but the file PATCH (patch-mass-assignment)', () => {
    const read = loadRouteTable()
      .filter((r) => BOOKS[operationOf(r)].mass !== undefined)
      .map((r) => r.operationId);
    expect([...FAULT_TARGETS['writes-take-body-bucket-id'], 'updateFile'].sort()).toEqual(read.sort());
  });
});
