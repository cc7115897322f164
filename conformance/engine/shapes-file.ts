// The listings' shapes across the processes of a run: each process writes
// what its reader learned of each listing route (where its items were, how it
// paged), redacted, as it ends; the summary reads them all back as one.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { ListingShape, ShapeBook } from '../listing/shape-book.ts';
import { routeLabel } from '../plan/check-types.ts';
import { plain } from '../report/outcome.ts';
import { runFiles } from './run-files.ts';

/** A route's label for an operation id (the operation itself when the route table has none). */
function routeOfOperation(operationId: string): string {
  const route = loadRouteTable().find((r) => r.operationId === operationId);
  return route ? routeLabel(route) : operationId;
}

/** Writes what a process's reader learned, by route, with the deployment's words redacted and without terminal escapes. */
export function writeShapes(runDir: string, tag: string, book: ShapeBook | undefined, redact: (text: string) => string): void {
  const shapes = book?.shapes(routeOfOperation) ?? {};
  if (Object.keys(shapes).length === 0) return;
  const shown = (text: string) => plain(redact(text));
  const safe = Object.fromEntries(
    Object.entries(shapes).map(([route, s]) => [
      route,
      { ...s, items: shown(s.items), paging: shown(s.paging), ...(s.unfinishedWhy ? { unfinishedWhy: shown(s.unfinishedWhy) } : {}) },
    ]),
  );
  const dir = runFiles(runDir).shapes;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${tag.replace(/[^\w.-]/g, '_')}.json`), JSON.stringify(safe));
}

/** Whether a paging text says how the listing paged, rather than that every read fit on one page. */
const paged = (s: ListingShape) => !s.paging.startsWith('every read fit on one page');

/** Two processes' views of one listing as one: pages and unfinished reads add up; what paged wins over what fit. */
function mergeShape(a: ListingShape, b: ListingShape): ListingShape {
  const unfinished = (a.unfinished ?? 0) + (b.unfinished ?? 0);
  return {
    items: a.items === 'none found' ? b.items : a.items,
    paging: !paged(a) && paged(b) ? b.paging : a.paging,
    pages: a.pages + b.pages,
    ...(unfinished ? { unfinished, unfinishedWhy: b.unfinishedWhy ?? a.unfinishedWhy } : {}),
  };
}

/** Every process's shapes of the run, merged, by route (routes in the order first written). */
export function readShapes(runDir: string): Record<string, ListingShape> {
  const dir = runFiles(runDir).shapes;
  const merged: Record<string, ListingShape> = {};
  if (!existsSync(dir)) return merged;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    const shapes = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, ListingShape>;
    for (const [route, shape] of Object.entries(shapes)) merged[route] = merged[route] ? mergeShape(merged[route], shape) : shape;
  }
  return merged;
}
