// The self-test's plan: for each trial, the checks that failed in it on the
// last full run, chosen so that every trial has a catcher of its area at its
// level and every check fails in some trial. The fast run runs only these
// (a trial whose check fails only beside the rest of its area runs its whole
// area) and verifies each claim; a plan that no longer matches the checks, the
// trials or the results is stale and fails the run, naming the command that
// rewrites it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Summary, SummaryCheck } from '../report/summary.ts';
import type { Trial } from './selftest-trials.ts';

export const PLAN_FILE = new URL('./selftest-plan.json', import.meta.url);
export const REFRESH_COMMAND = 'npm run selftest -- --full';

/** Trial name → ids of checks. */
export type Claims = Record<string, string[]>;

export interface Plan {
  /** The checks planned to fail in each trial. */
  trials: Claims;
  /** Trials that run every check of their areas: a planned check fails there only beside the rest. */
  wholeArea: string[];
}

type TrialFacts = Pick<Trial, 'name' | 'area' | 'level'>;

/** A trial and the summary of its run with every check of its areas. */
export interface FullResult {
  trial: TrialFacts;
  summary: Summary;
}

/** The plan as committed, or undefined when there is none. */
export function readPlan(file: URL = PLAN_FILE): Plan | undefined {
  if (!existsSync(file)) return undefined;
  const { trials, wholeArea } = JSON.parse(readFileSync(file, 'utf8')) as Plan;
  return { trials, wholeArea };
}

/** `"key": [...]` as the formatter writes it: on one line when it fits in 140 columns, else one value a line. */
function arrayLines(key: string, values: readonly string[], indent: string, last: boolean): string[] {
  const comma = last ? '' : ',';
  const one = `${indent}${JSON.stringify(key)}: [${values.map((v) => JSON.stringify(v)).join(', ')}]${comma}`;
  if (one.length <= 140) return [one];
  return [
    `${indent}${JSON.stringify(key)}: [`,
    ...values.map((v, i) => `${indent}  ${JSON.stringify(v)}${i < values.length - 1 ? ',' : ''}`),
    `${indent}]${comma}`,
  ];
}

export function writePlan(plan: Plan, file: URL = PLAN_FILE): void {
  const names = Object.keys(plan.trials).sort();
  const about = `Written by \`${REFRESH_COMMAND}\`: the checks each trial runs in the fast self-test, each shown failing in that trial.`;
  const lines = [
    '{',
    `  "about": ${JSON.stringify(about)},`,
    '  "trials": {',
    ...names.flatMap((name, i) => arrayLines(name, [...plan.trials[name]].sort(), '    ', i === names.length - 1)),
    '  },',
    ...arrayLines('wholeArea', [...plan.wholeArea].sort(), '  ', true),
    '}',
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
}

/** The checks a trial showed failing: failed, or (a route found not at its documented path) not built yet. */
export const failedIn = (summary: Summary): SummaryCheck[] => summary.checks.filter((c) => c.status === 'fail' || c.status === 'unbuilt');

/** Whether rank a comes before rank b (compared element by element; a tie keeps the first candidate). */
const better = (a: number[], b: number[]): boolean => {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i] < b[i];
};

/**
 * A covering plan from full results: each trial gets one failing check of its area at its level, and each check that
 * passed on the clean run is given to one trial where it failed. A claim in `unheld` (it failed in the full run, not
 * with the plan's checks alone) is taken only when nothing else will do, and then its trial runs its whole area, as
 * does a trial with two such claims.
 * Among candidates: a trial that runs its whole area anyway, then a claim the previous plan made (the file changes
 * only where it must), then the check that sent fewest requests.
 */
export function choosePlan(clean: Summary, results: FullResult[], previous?: Plan, unheld: Claims = {}): Plan {
  const passed = new Set(clean.checks.filter((c) => c.status === 'pass').map((c) => c.id));
  const failing = new Map(
    results.map(({ trial, summary }) => [
      trial.name,
      new Map(
        failedIn(summary)
          .filter((c) => passed.has(c.id))
          .map((c) => [c.id, c]),
      ),
    ]),
  );
  const trials: Claims = Object.fromEntries(results.map(({ trial }) => [trial.name, []]));
  // A trial two of whose claims did not hold alone runs its whole area: its claims then hold as in the full run (a
  // fault caught only beside the rest of its area, e.g. a cache that needs the area's traffic, would else lose one
  // claim a round).
  const whole = new Set(Object.keys(unheld).filter((name) => unheld[name].length >= 2));
  const covered = new Set<string>();
  const held = (name: string, id: string) => !(unheld[name] ?? []).includes(id) || whole.has(name);
  const rank = (name: string, check: SummaryCheck) => [
    whole.has(name) ? 0 : 1,
    (previous?.trials[name] ?? []).includes(check.id) ? 0 : 1,
    covered.has(check.id) ? 1 : 0,
    check.requests ?? 0,
  ];
  const assign = (name: string, id: string) => {
    if (!held(name, id)) whole.add(name);
    trials[name].push(id);
    covered.add(id);
  };
  /** The best of the candidates that held, else of all of them. */
  const pick = (candidates: { name: string; check: SummaryCheck }[]) => {
    const holding = candidates.filter((c) => held(c.name, c.check.id));
    let best: { name: string; check: SummaryCheck } | undefined;
    for (const c of holding.length ? holding : candidates)
      if (!best || better(rank(c.name, c.check), rank(best.name, best.check))) best = c;
    return best;
  };
  // Trials with the fewest catchers choose first, so those with many take what is left uncovered.
  const catchers = ({ trial }: FullResult) =>
    [...failing.get(trial.name)!.values()].filter((c) => c.area === trial.area && c.level === trial.level);
  for (const result of [...results].sort((a, b) => catchers(a).length - catchers(b).length)) {
    const best = pick(catchers(result).map((check) => ({ name: result.trial.name, check })));
    if (best) assign(best.name, best.check.id);
  }
  for (const id of [...passed].sort()) {
    if (covered.has(id)) continue;
    const best = pick(
      results.flatMap(({ trial }) =>
        failing.get(trial.name)!.has(id) ? [{ name: trial.name, check: failing.get(trial.name)!.get(id)! }] : [],
      ),
    );
    if (best) assign(best.name, id);
  }
  return { trials, wholeArea: [...whole] };
}

/** What makes the plan stale for these trials: a trial it lacks (a new fault or combination), or one with no planned check of its area at its level. */
export function trialProblems(plan: Plan | undefined, trials: TrialFacts[], clean: Summary): string[] {
  if (!plan) return ['there is no plan'];
  const checks = new Map(clean.checks.map((c) => [c.id, c]));
  return trials.flatMap((trial) => {
    const ids = plan.trials[trial.name];
    if (!ids) return [`trial ${trial.name} is not in the plan`];
    const catches = ids.some((id) => checks.get(id)?.area === trial.area && checks.get(id)?.level === trial.level);
    return catches ? [] : [`trial ${trial.name} has no planned check of its area (${trial.area}) at its level (${trial.level})`];
  });
}

/**
 * What makes the plan stale as a whole, besides its trials: a trial it names that no longer exists, a check of the
 * clean run in no trial (a new check), a check it names that the clean run lacks.
 */
export function planProblems(plan: Plan | undefined, trials: TrialFacts[], clean: Summary): string[] {
  if (!plan) return trialProblems(plan, trials, clean);
  const names = new Set(trials.map((t) => t.name));
  const checks = new Set(clean.checks.map((c) => c.id));
  const planned = new Set(Object.values(plan.trials).flat());
  return [
    ...trialProblems(plan, trials, clean),
    ...[...Object.keys(plan.trials), ...plan.wholeArea]
      .filter((name) => !names.has(name))
      .map((name) => `the plan names trial ${name}, which no longer exists`),
    ...clean.checks.filter((c) => c.status === 'pass' && !planned.has(c.id)).map((c) => `check ${c.id} is in no trial of the plan`),
    ...[...planned]
      .filter((id) => !checks.has(id))
      .sort()
      .map((id) => `the plan names check ${id}, which the suite no longer has`),
  ];
}

/** The plan's claims a run did not show: each planned check that did not fail in its trial. */
export function unheldClaims(plan: Plan, runs: { name: string; summary: Summary }[]): Claims {
  const unheld: Claims = {};
  for (const { name, summary } of runs) {
    const failed = new Set(failedIn(summary).map((c) => c.id));
    const missed = (plan.trials[name] ?? []).filter((id) => !failed.has(id));
    if (missed.length) unheld[name] = missed;
  }
  return unheld;
}

/** The problem lines of claims a run did not show. */
export const unheldLines = (unheld: Claims): string[] =>
  Object.entries(unheld).map(([name, ids]) => `trial ${name} was planned to fail ${ids.join(', ')}, which passed`);

/** The grep that selects exactly these checks by id. */
export function idGrep(ids: readonly string[]): string {
  return `^(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}
