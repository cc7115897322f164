// The run's count of operator variants, per axis: what the plan gave each axis
// (its essential variants and its share of the budget), how many each axis
// sent, and how many of its exchanges broke a rule, kept as
// run board counts (summed, or for the plan the largest value, over every
// process) and read back for the console and summary.md.
import { AXES, MESSAGE_PARTS, PART_OF_AXIS, type Axis, type MessagePart } from './operator-types.ts';
import type { VariantPlan } from './plan-variants.ts';
import type { Budget } from './budget.ts';

/** What the reports say of the variants: the budget, and per axis what was planned, sent and found. */
export interface VariantStats {
  budget: number;
  rps: number;
  seconds: number;
  /** The planned variants sent whatever the budget (beside it). */
  essential: number;
  axes: { axis: Axis; planned: number; sent: number; found: number }[];
}

/** The board count of an axis's sent variants or exchanges that broke a rule. */
export const axisCount = (kind: 'sent' | 'found', axis: string): string => `variants.${kind}.${axis}`;

/** The plan as board counts ("max:": every process adds the same values; the board keeps one). */
export function planCounts(plan: VariantPlan, budget: Budget): Record<string, number> {
  return {
    'max:variants.budget': budget.requests,
    'max:variants.rps': budget.rps,
    'max:variants.seconds': budget.timeBudgetMs / 1000,
    'max:variants.essential': plan.perAxis.reduce((n, a) => n + a.essential, 0),
    ...Object.fromEntries(plan.perAxis.map((a) => [`max:variants.planned.${a.axis}`, a.planned])),
  };
}

/** The variant statistics in a run's board counts, or undefined when the run planned none. */
export function variantStatsOf(counts: Record<string, number>): VariantStats | undefined {
  const budget = counts['max:variants.budget'];
  if (budget === undefined) return undefined;
  return {
    budget,
    rps: counts['max:variants.rps'] ?? 0,
    seconds: counts['max:variants.seconds'] ?? 0,
    essential: counts['max:variants.essential'] ?? 0,
    axes: AXES.map((axis) => ({
      axis,
      planned: counts[`max:variants.planned.${axis}`] ?? 0,
      sent: counts[axisCount('sent', axis)] ?? 0,
      found: counts[axisCount('found', axis)] ?? 0,
    })),
  };
}

/** The statistics of several runs (shards) as one: counts summed, the plan's largest values kept. */
export function mergeVariantStats(parts: (VariantStats | undefined)[]): VariantStats | undefined {
  const known = parts.filter((p): p is VariantStats => p !== undefined);
  if (known.length === 0) return undefined;
  return {
    budget: Math.max(...known.map((p) => p.budget)),
    rps: Math.max(...known.map((p) => p.rps)),
    seconds: Math.max(...known.map((p) => p.seconds)),
    essential: Math.max(...known.map((p) => p.essential)),
    axes: AXES.map((axis) => {
      const of = known.map((p) => p.axes.find((a) => a.axis === axis));
      const sum = (k: 'sent' | 'found') => of.reduce((n, a) => n + (a?.[k] ?? 0), 0);
      return { axis, planned: Math.max(...of.map((a) => a?.planned ?? 0)), sent: sum('sent'), found: sum('found') };
    }),
  };
}

/** The budget in words: "877 sent whatever the budget, the others within 900 requests (5 req/s × 180 s)". */
export const budgetText = (s: VariantStats): string =>
  `${s.essential} sent whatever the budget, the others within ${s.budget} requests (${s.rps} req/s × ${s.seconds} s)`;

type Counted = { planned: number; sent: number; found: number };

/** The axes' counts summed per part of the request they vary, in MESSAGE_PARTS order. */
export function partCounts(s: VariantStats): ({ part: MessagePart } & Counted)[] {
  return MESSAGE_PARTS.map((part) => {
    const of = s.axes.filter((a) => PART_OF_AXIS[a.axis] === part);
    const sum = (k: keyof Counted) => of.reduce((n, a) => n + a[k], 0);
    return { part, planned: sum('planned'), sent: sum('sent'), found: sum('found') };
  });
}

const counted = (name: string, c: Counted): string => `${name} ${c.sent}/${c.planned}${c.found ? ` FOUND ${c.found}` : ''}`;

/** The console line: per part of the request and per axis, how many variants were sent (of the planned share) and found. */
export function variantLine(s: VariantStats): string {
  const sent = s.axes.reduce((n, a) => n + a.sent, 0);
  const parts = partCounts(s)
    .map((p) => counted(p.part, p))
    .join(', ');
  const axes = s.axes
    .filter((a) => a.planned || a.sent)
    .map((a) => counted(a.axis, a))
    .join(', ');
  return `operator variants: ${sent} sent, ${budgetText(s)}; per part of the request (sent/planned): ${parts}; per axis: ${axes}`;
}

/** The summary.md section: one row per axis. */
export function variantSection(s: VariantStats): string[] {
  return [
    '## Operator variants',
    '',
    `Requests one step away from the run's valid calls, along each axis (conformance/operators/), judged by the rule of their sender: ${budgetText(s)}.`,
    '',
    '| part of the request | axis | planned | sent | exchanges that broke a rule |',
    '|---|---|---:|---:|---:|',
    ...partCounts(s).flatMap((p) => [
      `| **${p.part}** | all | ${p.planned} | ${p.sent} | ${p.found || 'none'} |`,
      ...s.axes
        .filter((a) => PART_OF_AXIS[a.axis] === p.part)
        .map((a) => `| | ${a.axis} | ${a.planned} | ${a.sent} | ${a.found || 'none'} |`),
    ]),
    '',
  ];
}
