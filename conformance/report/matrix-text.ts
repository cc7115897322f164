// The words and symbols both renderings of the authorization matrix use: its
// rows (route × bucket column), a symbol per cell, what a cell expected and
// met in a sentence, and the run's tally in one line.
import type { AuthorizationMatrix, MatrixBucket, MatrixCell, MatrixKey, MatrixRoute } from './authorization-matrix.ts';
import { observedText, type CellVerdict } from './matrix-cell.ts';

/** One line of the matrix: a route in one bucket column, a cell per key (in the matrix's key order). */
export interface MatrixRow {
  route: MatrixRoute;
  bucket: MatrixBucket;
  cells: MatrixCell[];
}

/** The cell symbols, and what each means (the legend). */
export const SYMBOLS = {
  allowProved: { symbol: '✓', meaning: 'served, as the key may' },
  denyProved: { symbol: '✗', meaning: 'refused, as the key must be' },
  broken: { symbol: '‼', meaning: 'BROKEN: served (2xx) although the key must be refused' },
  refused: { symbol: '?', meaning: 'only refused although the key may call the route (its own checks judge why)' },
  unserved: { symbol: '–', meaning: 'refused; the run found the route not served' },
  unproved: { symbol: '·', meaning: 'no request of the run went there' },
} as const;

/** The symbol of a cell. */
export function symbolOf(cell: MatrixCell): string {
  if (cell.verdict === 'proved') return cell.expected === 'allow' ? SYMBOLS.allowProved.symbol : SYMBOLS.denyProved.symbol;
  return SYMBOLS[cell.verdict].symbol;
}

/** The matrix's rows, in route order, the allowed bucket before the other. */
export function matrixRows(matrix: AuthorizationMatrix): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  const byOperation = new Map(matrix.routes.map((r) => [r.operationId, r]));
  for (const cell of matrix.cells) {
    const id = `${cell.operationId} ${cell.bucket}`;
    const row = rows.get(id) ?? { route: byOperation.get(cell.operationId)!, bucket: cell.bucket, cells: [] };
    row.cells.push(cell);
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** A route as the matrix shows it: the part of a bucket route's path up to its bucket as "…" (the seed writes it so). */
export const shortRoute = (route: MatrixRoute): string => route.route.replace(/ \/.*\{bucketId\}/, ' …');

/** The bucket column's name and id: "allowed (bkt_a)", or "—" for a route that names no bucket. */
export const bucketText = (matrix: AuthorizationMatrix, bucket: MatrixBucket): string =>
  bucket ? `${bucket} (${matrix.buckets[bucket]})` : '—';

/** A key's declared scopes, or "every route's scope" when it holds them all. */
export function scopesText(matrix: AuthorizationMatrix, key: MatrixKey): string {
  const needed = new Set(matrix.routes.map((r) => r.scope));
  if ([...needed].every((s) => key.scopes.includes(s))) return `every route's scope (${key.scopes.length})`;
  return key.scopes.length ? key.scopes.join(', ') : 'none';
}

/** A key's bucketIds, each named by its column when it is one. */
export function bucketIdsText(matrix: AuthorizationMatrix, key: MatrixKey): string {
  if (key.bucketIds === null) return 'every bucket';
  const role = (id: string) => (id === matrix.buckets.allowed ? ' (allowed)' : id === matrix.buckets.other ? ' (other)' : '');
  return key.bucketIds.length ? key.bucketIds.map((id) => `${id}${role(id)}`).join(', ') : 'none';
}

/** Why a key must be refused in a cell: "lacks files:read", "outside its bucketIds", "refused to every API-key client". */
export function denyText(cell: MatrixCell, route: MatrixRoute): string {
  const words = { scope: `lacks ${route.scope}`, bucket: 'outside its bucketIds', 'agent-forbidden': 'refused to every API-key client' };
  return (cell.denyBecause ?? []).map((c) => words[c]).join(', ');
}

/**
 * The cells of a list, those that expected and met the same grouped: "a, b (lacks files:read): 2xx ×3" (a fault
 * that breaks a route for every key reads as one group, not nineteen).
 */
export function cellGroups(cells: MatrixCell[], route: MatrixRoute): string[] {
  const groups = new Map<string, string[]>();
  for (const cell of cells) {
    const why = cell.expected === 'deny' ? ` (${denyText(cell, route)})` : '';
    const seen = observedText(cell.observed);
    const id = `${why}${seen ? `: ${seen}` : ''}`;
    groups.set(id, [...(groups.get(id) ?? []), cell.key]);
  }
  return [...groups].map(([what, keys]) => `${keys.join(', ')}${what}`);
}

/** "760 cells: 436 proved, 0 BROKEN, 2 refused where the key may call the route, 0 on routes not served, 322 not proved by any request". */
export function matrixHeadline(matrix: AuthorizationMatrix): string {
  const c = matrix.counts;
  return [
    `${matrix.cells.length} cells: ${c.proved} proved`,
    `${c.broken} BROKEN`,
    `${c.refused} refused where the key may call the route`,
    `${c.unserved} on routes not served`,
    `${c.unproved} not proved by any request`,
  ].join(', ');
}

/** A list of the cells of one verdict: a title, what it means, and per row that has any, which keys and what they met. */
export interface CellList {
  verdict: CellVerdict;
  title: string;
  note?: string;
  rows: { route: string; bucket: MatrixBucket; items: string[] }[];
}

const LISTS: { verdict: CellVerdict; title: string; note?: string }[] = [
  { verdict: 'broken', title: 'BROKEN: served although the key must be refused' },
  {
    verdict: 'refused',
    title: 'Refused although the key may call the route',
    note: "A refusal may have another cause (an unknown file id, a busy bucket, a probe body): the route's SCOPE, PATH and KEY checks judge it.",
  },
  { verdict: 'unserved', title: 'On routes the run found not served' },
  { verdict: 'unproved', title: 'Not proved by any request' },
];

/** The keys of a row's unproved cells: "every key", "every key but full, readonly", or the few names. */
function unprovedKeys(cells: MatrixCell[], row: MatrixRow): string[] {
  if (cells.length === row.cells.length) return ['every key'];
  // A row the run barely reached reads shorter as the keys it did reach.
  if (cells.length > row.cells.length / 2)
    return [
      `every key but ${row.cells
        .filter((c) => !cells.includes(c))
        .map((c) => c.key)
        .join(', ')}`,
    ];
  return cells.map((c) => c.key);
}

/** The lists below the table: every verdict but "proved" that any cell has, broken first. */
export function cellLists(matrix: AuthorizationMatrix): CellList[] {
  const rows = matrixRows(matrix);
  return LISTS.filter(({ verdict }) => matrix.counts[verdict] > 0).map(({ verdict, title, note }) => ({
    verdict,
    title: `${title} (${matrix.counts[verdict]})`,
    ...(note ? { note } : {}),
    rows: rows.flatMap((row) => {
      const cells = row.cells.filter((c) => c.verdict === verdict);
      if (cells.length === 0) return [];
      // An unproved cell met nothing: its key's name is all there is to say.
      const items = verdict === 'unproved' ? unprovedKeys(cells, row) : cellGroups(cells, row.route);
      return [{ route: shortRoute(row.route), bucket: row.bucket, items }];
    }),
  }));
}

/** The scope column: the route's scope, and that API-key clients are refused it whatever they hold. */
export const scopeText = (route: MatrixRoute): string => (route.agentForbidden ? `${route.scope} (refused to API keys)` : route.scope);
