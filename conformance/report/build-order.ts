// What a half-built server should build next: the routes whose served check
// found them not there, ordered by how many of the run's checks each one
// holds back (its own checks, not served, and every check elsewhere whose
// reason points at it: the test data, the read-back it needs), the most first.
// Derived from the run itself, so the order follows what the suite rests on.
import { checkIds } from '../plan/check-ids.ts';

/** What the order reads of each check. */
interface CheckSeen {
  id: string;
  route?: string;
  status: string;
  reason?: string;
}

export interface UnbuiltRoute {
  route: string;
  /** The operation, and its served check. */
  operationId: string;
  check: string;
  /** The checks it holds back: its own (not served) and those elsewhere that need it. */
  holdsBack: number;
}

/** The check a reason points at: "blocked by ID:" first, else the last "(see ID)". */
export function pointedAt(reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  const blocked = /blocked by ([A-Z]+-[\w-]+?):/.exec(reason);
  if (blocked) return blocked[1];
  const seen = [...reason.matchAll(/\(see ([A-Z]+-[\w-]+)\)/g)];
  return seen.at(-1)?.[1];
}

/** The operation a served check's id names (PATH-<op>-served). */
const servedOperation = (id: string) => /^PATH-(.+)-served$/.exec(id)?.[1];

/** The routes not built yet, the one holding back the most checks first (the spec's order among equals). */
export function buildOrder(summary: { checks: readonly CheckSeen[] }): UnbuiltRoute[] {
  const unbuilt = summary.checks.flatMap((c) => {
    const operationId = servedOperation(c.id);
    return c.status === 'unbuilt' && operationId ? [{ route: c.route ?? operationId, operationId, check: c.id }] : [];
  });
  return unbuilt
    .map((u, order) => {
      const served = checkIds.served(u.operationId);
      const holdsBack = summary.checks.filter(
        (c) =>
          c.id !== u.check &&
          (c.status === 'unserved' || c.status === 'error') &&
          ((c.status === 'unserved' && c.route === u.route) ||
            (c.reason ?? '').includes(`(see ${served})`) ||
            (c.reason ?? '').includes(`blocked by ${served}`) ||
            (c.reason ?? '').includes(`needs ${u.operationId},`)),
      ).length;
      return { ...u, holdsBack, order };
    })
    .sort((a, b) => b.holdsBack - a.holdsBack || a.order - b.order)
    .map(({ order: _order, ...u }) => u);
}

/** The console's lines: the routes not built yet, in the order to build them, and the next one named. */
export function buildOrderLines(summary: { checks: readonly CheckSeen[] }): string[] {
  const order = buildOrder(summary);
  if (order.length === 0) return [];
  return [
    '',
    `Not built yet (${order.length} route${order.length === 1 ? '' : 's'} the seed lists); build them in this order, each unblocking the checks shown:`,
    ...order.map(
      (u, i) =>
        `  ${i + 1}. ${u.route} (${u.holdsBack} check${u.holdsBack === 1 ? '' : 's'} wait on it)${i === 0 ? '  ← build this next' : ''}`,
    ),
  ];
}

/** The same as a section of summary.md. */
export function buildOrderSection(summary: { checks: readonly CheckSeen[] }): string[] {
  const order = buildOrder(summary);
  if (order.length === 0) return [];
  return [
    '## Not built yet',
    '',
    `The seed lists these routes; the deployment does not serve them yet. Build them in this order (the one holding back the most checks first); next: \`${order[0].route}\`.`,
    '',
    '| # | route | checks waiting on it |',
    '|---:|---|---:|',
    ...order.map((u, i) => `| ${i + 1} | \`${u.route}\` | ${u.holdsBack} |`),
    '',
  ];
}

/** The checks that could not run only because they wait on a route not built yet (their reason points at its served check). */
export function waitingOnUnbuilt(summary: { checks: readonly CheckSeen[] }): CheckSeen[] {
  const unbuilt = new Set(summary.checks.filter((c) => c.status === 'unbuilt').map((c) => c.id));
  return summary.checks.filter((c) => c.status === 'error' && unbuilt.has(pointedAt(c.reason) ?? ''));
}
