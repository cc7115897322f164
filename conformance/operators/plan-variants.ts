// Applies the catalogue to the run's valid requests (one per route and sender),
// keeps every essential variant whatever the budget, and fits the others into
// a request budget fairly: every axis gets an equal share, an axis needing
// less gives the rest to the others (max-min fairness), then within an axis
// every route and sender likewise, its preferred variants first, and the
// variants kept of one list are spread over it (not its first ones). Says what
// it trimmed.
import type { Axis, Operator, OperatorInput, Rule, Variant } from './operator-types.ts';
import { AXES } from './operator-types.ts';
import { CATALOGUE, operatorsFor } from './catalogue.ts';

export interface AxisCount {
  axis: Axis;
  generated: number;
  /** Kept: its essential variants and its share of the budget. */
  planned: number;
  /** Of those, the essential ones (sent whatever the budget). */
  essential: number;
}

/** What the plan keeps of one input's list on one axis: how many, and where its spread starts. */
export interface ListShare {
  operationId: string;
  sender: Variant['sender'];
  axis: Axis;
  /** How many of the list's budgeted (not essential) variants it keeps; its essential ones are all kept besides. */
  planned: number;
  /** How many budgeted variants the list had: a list kept whole is kept whole in another process too, however long it is there. */
  generated: number;
  rotation: number;
}

export interface VariantPlan {
  /** The variants to send, axis by axis: every essential one, and the budget's share of the others. */
  variants: Variant[];
  /** Per input (a route and a sender) and axis: the budgeted count kept and the rotation its spread used (to cut another list of it alike). */
  shares: ListShare[];
  /** The requests the variants that are not essential may take. */
  budget: number;
  perAxis: AxisCount[];
  /** One line per trimmed axis: "path-spelling: 120 of 300 kept (180 trimmed)". */
  trimmed: string[];
}

/** Splits `total` over groups of these sizes, max-min fairly: no group gets more than it has, the rest evenly. */
export function fairShares(sizes: number[], total: number): number[] {
  const shares = sizes.map(() => 0);
  let left = Math.max(0, Math.floor(total));
  const order = sizes.map((size, i) => ({ size, i })).sort((a, b) => a.size - b.size);
  order.forEach(({ size, i }, k) => {
    // Rounded up: among groups of one size, the earlier ones get the odd requests.
    const give = Math.min(size, Math.ceil(left / (order.length - k)));
    shares[i] = give;
    left -= give;
  });
  return shares;
}

/** `k` entries of the list spread evenly over it, starting `rotation` entries in (all of it when k ≥ its length). */
export function spread<T>(list: T[], k: number, rotation = 0): T[] {
  if (k >= list.length) return list;
  const start = ((rotation % list.length) + list.length) % list.length;
  return Array.from({ length: k }, (_, i) => list[(start + Math.floor((i * list.length) / k)) % list.length]);
}

/** A place of its own for a name (FNV-1a): the same in every process, scattered over names that differ in a letter. */
function placeOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 9973;
}

/**
 * What one list keeps with `k` requests of the budget: every essential variant (outside the budget), then `k` of
 * the others, its preferred ones first (spread when they alone are too many), the rest spread.
 */
export function keep(list: Variant[], k: number, rotation: number): Variant[] {
  const budgeted = list.filter((v) => !v.essential);
  const preferred = budgeted.filter((v) => v.preferred);
  const chosen =
    k <= preferred.length
      ? spread(preferred, k, rotation)
      : [
          ...preferred,
          ...spread(
            budgeted.filter((v) => !v.preferred),
            k - preferred.length,
            rotation,
          ),
        ];
  const kept = new Set(chosen);
  return list.filter((v) => v.essential || kept.has(v));
}

export interface PlanOptions {
  operators?: readonly Operator[];
  /** Where the spread of a trimmed list starts: a run may pass a number of its own so that runs cover different variants. */
  rotation?: number;
  /** A --read-only run: variants of writing routes (and GETs carrying a write's method) are left out before the budget is shared. */
  readOnly?: boolean;
}

/** Whether sending the variant may change state: its route writes, or it carries a writing method in an override. */
export function variantWrites(variant: Variant, input: Pick<OperatorInput, 'route'>): boolean {
  return input.route.mutates || (variant.request.method !== 'GET' && variant.request.method !== 'HEAD');
}

/** Every variant the operators make for one route and sender, by axis. */
export function variantsOf(input: OperatorInput, operators: readonly Operator[] = CATALOGUE): Map<Axis, Variant[]> {
  const byAxis = new Map<Axis, Variant[]>();
  for (const operator of operatorsFor(input.route, input.sender, input.contract, operators)) {
    byAxis.set(operator.axis, operator.variants(input));
  }
  return byAxis;
}

/**
 * The variants of every input (a route and a sender each): the essential ones all, and of the others `budget`
 * requests, fair over axes, then over the inputs within an axis, spread within each input's list (its preferred
 * variants kept first).
 */
export function planVariants(inputs: OperatorInput | OperatorInput[], budget: number, options: PlanOptions = {}): VariantPlan {
  const { operators = CATALOGUE, rotation = 0, readOnly = false } = options;
  const all = [inputs].flat();
  const lists = all.map((input) => {
    const byAxis = variantsOf(input, operators);
    if (readOnly)
      for (const [axis, list] of byAxis)
        byAxis.set(
          axis,
          list.filter((v) => !variantWrites(v, input)),
        );
    return byAxis;
  });
  const axes = AXES.filter((axis) => lists.some((l) => (l.get(axis)?.length ?? 0) > 0));
  const groups = axes.map((axis) => lists.map((l) => l.get(axis) ?? []));
  // The budget is shared over what it may trim: the variants that are not essential.
  const budgeted = (list: Variant[]) => list.filter((v) => !v.essential);
  const axisShares = fairShares(
    groups.map((g) => g.reduce((n, list) => n + budgeted(list).length, 0)),
    budget,
  );
  const variants: Variant[] = [];
  const listShares: ListShare[] = [];
  const perAxis: AxisCount[] = [];
  const trimmed: string[] = [];
  axes.forEach((axis, a) => {
    // The axis's preferred variants (of every input) first, fairly; the rest of its share over the others.
    const preferredSizes = groups[a].map((list) => budgeted(list).filter((v) => v.preferred).length);
    const preferredShares = fairShares(preferredSizes, axisShares[a]);
    const restShares = fairShares(
      groups[a].map((list, i) => budgeted(list).length - preferredSizes[i]),
      axisShares[a] - preferredShares.reduce((n, s) => n + s, 0),
    );
    const shares = groups[a].map((_, i) => preferredShares[i] + restShares[i]);
    // Each input's spread starts at a place of its own: lists cut to one or two do not all keep the same variant.
    const starts = all.map((input) => rotation + placeOf(`${input.route.operationId}|${input.sender}|${axis}`));
    const kept = groups[a].flatMap((list, i) => keep(list, shares[i], starts[i]));
    groups[a].forEach((list, i) => {
      if (list.length > 0)
        listShares.push({
          operationId: all[i].route.operationId,
          sender: all[i].sender,
          axis,
          planned: shares[i],
          generated: budgeted(list).length,
          rotation: starts[i],
        });
    });
    const generated = groups[a].reduce((n, list) => n + list.length, 0);
    const essential = groups[a].reduce((n, list) => n + list.length - budgeted(list).length, 0);
    variants.push(...kept);
    perAxis.push({ axis, generated, planned: kept.length, essential });
    if (kept.length < generated) trimmed.push(`${axis}: ${kept.length} of ${generated} kept (${generated - kept.length} trimmed)`);
  });
  return { variants, shares: listShares, budget, perAxis, trimmed };
}

/** The plan's variants a rule judges (an ORACLE-<rule>-<op> check sends these). */
export function variantsForRule(plan: VariantPlan, rule: Rule, operationId?: string): Variant[] {
  return plan.variants.filter((v) => v.rule === rule && (operationId === undefined || v.request.intent.operationId === operationId));
}

/** The plan as printed: requests per axis (those sent whatever the budget apart), and what was trimmed. */
export function describePlan(plan: VariantPlan): string {
  const total = plan.perAxis.reduce((n, a) => n + a.planned, 0);
  const essential = plan.perAxis.reduce((n, a) => n + a.essential, 0);
  const axes = plan.perAxis.map((a) => `${a.axis} ${a.planned}${a.planned < a.generated ? `/${a.generated}` : ''}`).join(', ');
  return `variant requests: ${total}, ${essential} of them sent whatever the budget, the others within a budget of ${plan.budget} (per axis: ${axes})${plan.trimmed.length ? `; trimmed: ${plan.trimmed.join('; ')}` : ''}`;
}
