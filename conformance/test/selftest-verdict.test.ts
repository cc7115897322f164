// The self-test's judgement: a trial is caught only by a failing check of its
// area at its level; a check no trial made fail is reported as never failed;
// every planted fault is a trial at the area and level the suite expects, and
// combinations stay on upload-complete.
import { describe, expect, it } from 'vitest';
import { FAULT_NAMES } from '../../mocks/faults/fault-catalog.ts';
import { AREAS } from '../config/config-types.ts';
import { FAULT_EXPECTATIONS } from '../selftest/fault-expectations.ts';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import { judgeFault, renderSelftest, uncoveredChecks } from '../selftest/selftest-verdict.ts';
import { areaGrep, selftestTrials } from '../selftest/selftest-trials.ts';

const check = (id: string, area: SummaryCheck['area'], level: SummaryCheck['level'], status: SummaryCheck['status']): SummaryCheck => ({
  id,
  title: id,
  area,
  level,
  status,
});

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
    const report = renderSelftest(clean, true, verdicts, 1000);
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
