// The variant budget and the plan: a budget that scales with the rate the
// deployment accepts, max-min fair shares over axes and over routes and senders
// within an axis, essential variants kept outside the budget and preferred ones
// first, and a printed plan that says what it trimmed.
import { describe, expect, it } from 'vitest';
import { loadContract } from '../operators/contract-fields.ts';
import { budgetFor, describeBudget, DEFAULT_RPS } from '../operators/budget.ts';
import { describePlan, fairShares, planVariants, spread, variantsForRule } from '../operators/plan-variants.ts';
import { AXES, SENDERS } from '../operators/operator-types.ts';
import { inputFor, sampleSeen } from './operators-inputs.ts';

const contract = loadContract();
const seen = sampleSeen();
const inputs = contract.routes.flatMap((route) => SENDERS.map((sender) => inputFor(contract, seen, route, sender)));

describe('budgetFor', () => {
  it('is the lowest known rate times the time given, printed with where the rate came from', () => {
    const published = budgetFor({ maxRps: 5, timeBudgetMs: 120_000 });
    expect(published.requests).toBe(600);
    expect(describeBudget(published)).toBe('variant budget: 600 requests = 5 req/s (the published limit (--max-rps)) × 120 s');
    const observed = budgetFor({ maxRps: 5, observedRps: 2, timeBudgetMs: 120_000 });
    expect(observed).toMatchObject({ requests: 240, rps: 2, basis: 'the rate the deployment was seen to accept' });
    expect(budgetFor({ observedRps: 400, timeBudgetMs: 60_000 }).requests).toBe(24_000);
    expect(budgetFor({ timeBudgetMs: 10_000 })).toMatchObject({ requests: DEFAULT_RPS * 10, rps: DEFAULT_RPS });
  });

  it('never gives fewer requests than axes, and refuses a setting that is no positive number', () => {
    expect(budgetFor({ maxRps: 0.5, timeBudgetMs: 1000 }).requests).toBe(AXES.length);
    expect(() => budgetFor({ timeBudgetMs: 0 })).toThrow(/timeBudgetMs/);
    expect(() => budgetFor({ maxRps: -1, timeBudgetMs: 1000 })).toThrow(/maxRps/);
    expect(() => budgetFor({ observedRps: Number.NaN, timeBudgetMs: 1000 })).toThrow(/observedRps/);
  });
});

describe('fair shares and spreads', () => {
  it('gives a small group all it has and splits the rest evenly, never more than the total', () => {
    expect(fairShares([1, 100, 100], 51)).toEqual([1, 25, 25]);
    expect(fairShares([1, 100, 100], 50)).toEqual([1, 25, 24]);
    expect(fairShares([10, 10], 100)).toEqual([10, 10]);
    expect(fairShares([5, 0, 7], 0)).toEqual([0, 0, 0]);
  });

  it('spreads the kept entries over the whole list, and a rotation moves them', () => {
    const list = Array.from({ length: 10 }, (_, i) => i);
    expect(spread(list, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(spread(list, 5, 1)).toEqual([1, 3, 5, 7, 9]);
    expect(spread(list, 20)).toEqual(list);
  });
});

describe('planVariants over the full route table', () => {
  const full = planVariants(inputs, Number.MAX_SAFE_INTEGER);

  it('keeps every variant when the budget allows', () => {
    expect(full.trimmed).toEqual([]);
    expect(full.variants.length).toBe(full.perAxis.reduce((n, a) => n + a.generated, 0));
    expect(full.perAxis.map((a) => a.axis)).toEqual([...AXES]);
  });

  it('keeps every essential variant and trims the others of every axis to its fair share, and says so', () => {
    const budget = 500;
    const plan = planVariants(inputs, budget);
    const essential = plan.variants.filter((v) => v.essential).length;
    expect(essential).toBe(full.variants.filter((v) => v.essential).length);
    expect(plan.variants.length).toBe(budget + essential);
    const share = fairShares(
      plan.perAxis.map((a) => a.generated - a.essential),
      budget,
    );
    plan.perAxis.forEach((a, i) => expect(a.planned, a.axis).toBe(a.essential + share[i]));
    for (const a of plan.perAxis.filter((x) => x.planned < x.generated)) {
      expect(plan.trimmed).toContain(`${a.axis}: ${a.planned} of ${a.generated} kept (${a.generated - a.planned} trimmed)`);
    }
    const printed = describePlan(plan);
    for (const axis of AXES) expect(printed).toContain(axis);
    console.log(printed);
  });

  it('shares an axis fairly over routes and senders, and keeps the variants naming the other bucket first', () => {
    const plan = planVariants(inputs, 200);
    const mass = plan.variants.filter((v) => v.axis === 'mass-assignment-single');
    const per = new Map<string, number>();
    for (const v of mass)
      per.set(`${v.request.intent.operationId}/${v.sender}`, (per.get(`${v.request.intent.operationId}/${v.sender}`) ?? 0) + 1);
    expect(Math.max(...per.values()) - Math.min(...per.values())).toBeLessThanOrEqual(1);
    // Too few for all of them: every kept barred variant carries an id of the other bucket (the bucket's own id beside
    // a valid body is sent whatever the budget).
    expect(mass.filter((v) => v.sender === 'barred').every((v) => v.preferred || v.essential)).toBe(true);
  });

  it('leaves out every variant that may write in a read-only run', () => {
    const plan = planVariants(inputs, Number.MAX_SAFE_INTEGER, { readOnly: true });
    const writing = new Set(contract.routes.filter((r) => r.mutates).map((r) => r.operationId));
    expect(plan.variants.length).toBeGreaterThan(0);
    for (const v of plan.variants) {
      expect(writing.has(v.request.intent.operationId), v.name).toBe(false);
      expect(['GET', 'HEAD']).toContain(v.request.method);
    }
    expect(plan.perAxis.map((a) => a.axis)).not.toContain('mass-assignment-single');
  });

  it('hands an oracle check the variants of its rule and route', () => {
    const scope = variantsForRule(full, 'scope', 'listFiles');
    expect(scope.length).toBeGreaterThan(0);
    expect(scope.every((v) => v.sender === 'lacking' && v.request.intent.operationId === 'listFiles')).toBe(true);
    const auth = variantsForRule(full, 'auth', 'listFiles');
    // Altered keys are sent by the key that may only (any other is refused whatever the form); the key lacking the
    // scope goes inside other schemes, which carry no valid key.
    expect(new Set(auth.map((v) => v.sender))).toEqual(new Set(['none', 'lacking', 'holder']));
    expect(auth.filter((v) => v.sender === 'lacking').map((v) => v.name)).toEqual([
      'the key in Basic, as "<key>:"',
      'the key under the Token scheme',
      'the key in a Digest header',
    ]);
  });
});
