// Applies the catalogue to the run's valid requests (one per route and sender)
// and fits the variants into a request budget fairly: every axis gets an equal
// share, an axis needing less gives the rest to the others (max-min fairness),
// then within an axis every route and sender likewise, and the variants kept
// of one list are spread over it (not its first ones). Says what it trimmed.
import type { Axis, Operator, OperatorInput, Rule, Variant } from './operator-types.ts';
import { AXES } from './operator-types.ts';
import { CATALOGUE, operatorsFor } from './catalogue.ts';

export interface AxisCount {
  axis: Axis;
  generated: number;
  planned: number;
}

/** What the plan keeps of one input's list on one axis: how many, and where its spread starts. */
export interface ListShare {
  operationId: string;
  sender: Variant['sender'];
  axis: Axis;
  planned: number;
  /** How many the list had: a list kept whole is kept whole in another process too, however long it is there. */
  generated: number;
  rotation: number;
}

export interface VariantPlan {
  /** The variants to send, axis by axis. */
  variants: Variant[];
  /** Per input (a route and a sender) and axis: the count kept and the rotation its spread used (to cut another list of it alike). */
  shares: ListShare[];
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

/** `k` variants of one list: its essential ones first (spread when they alone are too many), the rest spread. */
export function keep(list: Variant[], k: number, rotation: number): Variant[] {
  const essential = list.filter((v) => v.essential);
  if (k <= essential.length) return spread(essential, k, rotation);
  const kept = new Set([
    ...essential,
    ...spread(
      list.filter((v) => !v.essential),
      k - essential.length,
      rotation,
    ),
  ]);
  return list.filter((v) => kept.has(v));
}

export interface PlanOptions {
  operators?: readonly Operator[];
  /** Where the spread of a trimmed list starts: a run may pass a number of its own so that runs cover different variants. */
  rotation?: number;
  /** A --read-only run: variants of writing routes (and GETs carrying a write's method) are left out before the budget is shared. */
  readOnly?: boolean;
  /**
   * An axis of which every input keeps at least one variant, taken from the budget first: each route and sender
   * then sends something its rule judges, however thin the budget (path spellings apply to every route and sender).
   */
  floorAxis?: Axis;
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
 * The variants of every input (a route and a sender each), within `budget` requests: fair over axes, then over the
 * inputs within an axis, spread within each input's list (its essential variants kept first).
 */
export function planVariants(inputs: OperatorInput | OperatorInput[], budget: number, options: PlanOptions = {}): VariantPlan {
  const { operators = CATALOGUE, rotation = 0, readOnly = false, floorAxis } = options;
  const lists = [inputs].flat().map((input) => {
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
  // One variant of the floor axis per input that has some, before the budget's fair shares.
  const floors = axes.map((axis, a) => groups[a].map((list): number => (axis === floorAxis && list.length > 0 ? 1 : 0)));
  const floorTotal = (a: number) => floors[a].reduce((n, f) => n + f, 0);
  const axisShares = fairShares(
    groups.map((g, a) => g.reduce((n, list) => n + list.length, 0) - floorTotal(a)),
    budget - axes.reduce((n, _axis, a) => n + floorTotal(a), 0),
  ).map((share, a) => share + floorTotal(a));
  const all = [inputs].flat();
  const variants: Variant[] = [];
  const listShares: ListShare[] = [];
  const perAxis: AxisCount[] = [];
  const trimmed: string[] = [];
  axes.forEach((axis, a) => {
    const sizes = groups[a].map((list) => list.length);
    // The axis's essential variants (of every input) first, fairly; the rest of its share over the others.
    const free = axisShares[a] - floorTotal(a);
    const essentialSizes = groups[a].map((list, i) => Math.max(0, list.filter((v) => v.essential).length - floors[a][i]));
    const essentialShares = fairShares(essentialSizes, free);
    const restShares = fairShares(
      sizes.map((size, i) => size - floors[a][i] - essentialSizes[i]),
      free - essentialShares.reduce((n, s) => n + s, 0),
    );
    const shares = sizes.map((_, i) => floors[a][i] + essentialShares[i] + restShares[i]);
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
          generated: list.length,
          rotation: starts[i],
        });
    });
    const generated = sizes.reduce((n, s) => n + s, 0);
    variants.push(...kept);
    perAxis.push({ axis, generated, planned: kept.length });
    if (kept.length < generated) trimmed.push(`${axis}: ${kept.length} of ${generated} kept (${generated - kept.length} trimmed)`);
  });
  return { variants, shares: listShares, budget, perAxis, trimmed };
}

/** The plan's variants a rule judges (an ORACLE-<rule>-<op> check sends these). */
export function variantsForRule(plan: VariantPlan, rule: Rule, operationId?: string): Variant[] {
  return plan.variants.filter((v) => v.rule === rule && (operationId === undefined || v.request.intent.operationId === operationId));
}

/** The plan as printed: requests per axis, and what was trimmed. */
export function describePlan(plan: VariantPlan): string {
  const total = plan.perAxis.reduce((n, a) => n + a.planned, 0);
  const axes = plan.perAxis.map((a) => `${a.axis} ${a.planned}${a.planned < a.generated ? `/${a.generated}` : ''}`).join(', ');
  return `variant requests: ${total} of a budget of ${plan.budget} (per axis: ${axes})${plan.trimmed.length ? `; trimmed: ${plan.trimmed.join('; ')}` : ''}`;
}
