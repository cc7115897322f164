// The authorization matrix of a run: every route × key × bucket, the answer
// the key's declared scopes and bucketIds call for, the statuses the run's
// exchanges met there, and the verdict of each cell. Built from the exchange
// log after the run; merged across the shards of one run.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Overrides } from '../config/config-types.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { routeLabel } from '../plan/check-types.ts';
import {
  CELL_VERDICTS,
  cellVerdict,
  expectedAnswer,
  observe,
  type CellVerdict,
  type DenyCause,
  type Expected,
  type MatrixKey,
  type Observed,
} from './matrix-cell.ts';

export type { CellVerdict, MatrixKey } from './matrix-cell.ts';

/** A bucket column: the config's allowed or other bucket, or null for a route that names no bucket. */
export type MatrixBucket = 'allowed' | 'other' | null;

export interface MatrixRoute {
  operationId: string;
  /** `METHOD /path`, as summary.json's routes name it. */
  route: string;
  /** The scope the route needs, the config's `overrides.scopes` applied. */
  scope: string;
  bucketScoped: boolean;
  /** The contract refuses the route to every API-key client (`x-agent-forbidden`). */
  agentForbidden?: boolean;
  /** The run found the route not served. */
  unserved?: boolean;
}

export interface MatrixCell {
  operationId: string;
  key: string;
  bucket: MatrixBucket;
  expected: Expected;
  denyBecause?: DenyCause[];
  /** Statuses the run's exchanges met in this cell, successes as "2xx": `{ "2xx": 3, "404": 1 }`. */
  observed: Observed;
  verdict: CellVerdict;
}

/** summary.json's `matrix`: keys by config name (never a token), bucket ids of the config. */
export interface AuthorizationMatrix {
  buckets: { allowed: string; other: string };
  keys: MatrixKey[];
  routes: MatrixRoute[];
  /** Route by route, then bucket column, then key, in the order of `routes` and `keys`. */
  cells: MatrixCell[];
  counts: Record<CellVerdict, number>;
}

/** What the matrix reads of an exchange (an ExchangeView fits). */
export type MatrixExchange = Pick<ExchangeView, 'operations' | 'params'> & { entry: Pick<LoggedExchange, 'auth' | 'status'> };

/** What the matrix reads of the run's settings. */
export interface MatrixSettings {
  workspaceId: string;
  buckets: { allowed: string; other: string };
  keys: MatrixKey[];
  overrides: Pick<Overrides, 'scopes'>;
}

const cellId = (operationId: string, key: string, bucket: MatrixBucket) => `${operationId}\n${key}\n${bucket ?? ''}`;

/** The bucket column an exchange belongs in; undefined when it went to another workspace or bucket. */
function columnOf(view: MatrixExchange, route: MatrixRoute & { workspaceScoped: boolean }, settings: MatrixSettings) {
  if (route.workspaceScoped && view.params.workspaceId !== settings.workspaceId) return undefined;
  if (!route.bucketScoped) return null;
  const id = view.params.bucketId;
  return id === settings.buckets.allowed ? 'allowed' : id === settings.buckets.other ? 'other' : undefined;
}

/** Counts cells per verdict. */
function countVerdicts(cells: MatrixCell[]): Record<CellVerdict, number> {
  const counts = Object.fromEntries(CELL_VERDICTS.map((v) => [v, 0])) as Record<CellVerdict, number>;
  for (const cell of cells) counts[cell.verdict]++;
  return counts;
}

/**
 * Builds the matrix from the run's exchanges. An exchange counts in a cell when it authenticated with a configured
 * key and reached exactly one operation: one that may be taken for two (a method override) shows nothing certain
 * about either, and the oracle checks judge it. Exchanges under another workspace or bucket are left out.
 */
export function buildAuthorizationMatrix(
  views: Iterable<MatrixExchange>,
  settings: MatrixSettings,
  table: Route[],
  unserved: ReadonlySet<string> = new Set(),
): AuthorizationMatrix {
  const routes = table.map((r) => ({
    operationId: r.operationId,
    route: routeLabel(r),
    scope: expectedScope(r, settings.overrides),
    bucketScoped: r.bucketScoped,
    workspaceScoped: r.workspaceScoped,
    ...(r.agentForbidden ? { agentForbidden: true } : {}),
    ...(unserved.has(r.operationId) ? { unserved: true } : {}),
  }));
  const byOperation = new Map(routes.map((r) => [r.operationId, r]));
  const keyNames = new Set(settings.keys.map((k) => k.name));
  const seen = new Map<string, Observed>();
  for (const view of views) {
    if (view.entry.auth.kind !== 'key' || view.operations.length !== 1 || !keyNames.has(view.entry.auth.key)) continue;
    const route = byOperation.get(view.operations[0]);
    const bucket = route && columnOf(view, route, settings);
    if (!route || bucket === undefined) continue;
    const id = cellId(route.operationId, view.entry.auth.key, bucket);
    const observed = seen.get(id) ?? {};
    observe(observed, view.entry.status);
    seen.set(id, observed);
  }
  const cells: MatrixCell[] = [];
  for (const route of routes)
    for (const bucket of route.bucketScoped ? (['allowed', 'other'] as const) : [null])
      for (const key of settings.keys) {
        const answer = expectedAnswer(key, route, bucket ? settings.buckets[bucket] : undefined);
        const observed = seen.get(cellId(route.operationId, key.name, bucket)) ?? {};
        const verdict = cellVerdict(answer.expected, observed, route.unserved);
        cells.push({ operationId: route.operationId, key: key.name, bucket, ...answer, observed, verdict });
      }
  return {
    buckets: { ...settings.buckets },
    keys: settings.keys.map(({ name, scopes, bucketIds }) => ({ name, scopes: [...scopes], bucketIds: bucketIds && [...bucketIds] })),
    routes: routes.map(({ workspaceScoped: _workspaceScoped, ...route }) => route),
    cells,
    counts: countVerdicts(cells),
  };
}

/**
 * The matrix of a sharded run: each shard sent its own part of the traffic, so the observations add up and every
 * verdict is judged again. Undefined when a shard has none (it stopped before sending anything).
 */
export function mergeMatrices(parts: (AuthorizationMatrix | undefined)[]): AuthorizationMatrix | undefined {
  if (parts.length === 0 || parts.some((p) => p === undefined)) return undefined;
  const [first, ...rest] = parts as AuthorizationMatrix[];
  const unserved = new Set(parts.flatMap((p) => p!.routes.filter((r) => r.unserved).map((r) => r.operationId)));
  const others = rest.map((p) => new Map(p.cells.map((c) => [cellId(c.operationId, c.key, c.bucket), c.observed])));
  const cells = first.cells.map((cell) => {
    const observed: Observed = { ...cell.observed };
    for (const other of others)
      for (const [status, count] of Object.entries(other.get(cellId(cell.operationId, cell.key, cell.bucket)) ?? {}))
        observed[status] = (observed[status] ?? 0) + count;
    return { ...cell, observed, verdict: cellVerdict(cell.expected, observed, unserved.has(cell.operationId)) };
  });
  const routes = first.routes.map((r) => ({ ...r, ...(unserved.has(r.operationId) ? { unserved: true } : {}) }));
  return { ...first, routes, cells, counts: countVerdicts(cells) };
}
