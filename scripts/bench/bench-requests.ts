// The three requests of the throughput comparison, built per server from the route table and the spec's examples.
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { fillPath, listScopes } from '../../openapi/contract/route-table.ts';
import type { LoadCaseName, ServerName } from './bench-results.ts';

/** One request as autocannon sends it, with the status that counts as throughput. */
export interface LoadCase {
  caseName: LoadCaseName;
  /** Path below the server's API base, query included. */
  path: string;
  headers: Record<string, string>;
  expectedStatus: number;
  note: string;
}

/** A canned answer of the bare server. */
export interface CannedResponse {
  method: string;
  /** Path from the origin, query included. */
  url: string;
  authorization: string;
  status: number;
  contentType: string;
  body: string;
}

/** The ids and filter value taken from the mock's seeded world. */
export interface WorldIds {
  workspaceId: string;
  bucketId: string;
  prefix: string;
}

/** The two routes the bench drives, found by operationId in the route table. */
export interface BenchRoutes {
  listWorkspaces: Route;
  listFiles: Route;
}

/** Bearer tokens for Prism and the bare server, which check no key: placeholders, never real keys. */
export const PLACEHOLDER_AUTH = { granted: 'Bearer bench-granted-placeholder', refused: 'Bearer bench-refused-placeholder' } as const;

/** Finds the bench's routes; throws if the contract no longer has them or their query parameters. */
export function findBenchRoutes(routes: Route[]): BenchRoutes {
  const byId = (operationId: string) => {
    const route = routes.find((r) => r.operationId === operationId);
    if (!route) throw new Error(`The route table has no operation "${operationId}"; update scripts/bench/bench-requests.ts`);
    return route;
  };
  const listFiles = byId('listFiles');
  for (const name of ['prefix', 'tag', 'limit']) {
    if (!listFiles.queryParams.some((p) => p.name === name))
      throw new Error(`listFiles has no "${name}" query parameter; update scripts/bench/bench-requests.ts`);
  }
  return { listWorkspaces: byId('listWorkspaces'), listFiles };
}

/** The list-files path with a prefix (or tag) filter and a page size. */
export function listFilesPath(
  routes: BenchRoutes,
  ids: Pick<WorldIds, 'workspaceId' | 'bucketId'>,
  filter: Record<string, string>,
  limit: number,
): string {
  const query = new URLSearchParams({ ...filter, limit: String(limit) });
  return `${fillPath(routes.listFiles.pathTemplate, ids)}?${query}`;
}

/** Scopes of the key the mock is loaded with, and of the key it refuses. */
export function benchKeyScopes(doc: ApiDocument, routes: BenchRoutes): { granted: string[]; refused: string[] } {
  const all = listScopes(doc).map((s) => s.scope);
  return {
    granted: [...new Set([routes.listWorkspaces.scope, routes.listFiles.scope])],
    refused: all.filter((s) => s !== routes.listFiles.scope),
  };
}

const PAGE = 100;

/** The three load requests for one server. `auth` holds full Authorization header values. */
export function buildLoadCases(
  server: ServerName,
  routes: BenchRoutes,
  ids: WorldIds,
  auth: { granted: string; refused: string },
): LoadCase[] {
  const files = listFilesPath(routes, ids, { prefix: ids.prefix }, PAGE);
  const refusedNote: Record<ServerName, string> = {
    mock: `403 insufficient_scope: a minted key with every scope but ${routes.listFiles.scope}`,
    prism: `403 spec example via "Prefer: code=403" (Prism checks no scopes; without it Prism answers 200)`,
    bare: '403 spec example, prebuilt string',
  };
  const okNote: Record<ServerName, string> = {
    mock: 'seeded world, minted key limited to one bucket',
    prism: 'spec example, Prism validation on',
    bare: 'spec example, prebuilt string',
  };
  return [
    {
      caseName: 'list-workspaces',
      path: fillPath(routes.listWorkspaces.pathTemplate, {}),
      headers: { authorization: auth.granted },
      expectedStatus: routes.listWorkspaces.successStatus,
      note: okNote[server],
    },
    {
      caseName: 'list-files-prefix',
      path: files,
      headers: { authorization: auth.granted },
      expectedStatus: routes.listFiles.successStatus,
      note: okNote[server],
    },
    {
      caseName: 'refused-scope',
      path: files,
      headers: server === 'prism' ? { authorization: auth.refused, prefer: 'code=403' } : { authorization: auth.refused },
      expectedStatus: 403,
      note: refusedNote[server],
    },
  ];
}

function exampleOf(doc: ApiDocument, route: Route, status: number): { contentType: string; body: unknown } {
  const op = (doc.paths?.[route.pathTemplate] as Record<string, any>)[route.method.toLowerCase()];
  const response = resolveRef<{ content?: Record<string, { example?: unknown }> }>(doc, op.responses[String(status)]);
  const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
  if (!contentType || media?.example === undefined) throw new Error(`${route.operationId} has no example for ${status}`);
  return { contentType, body: media.example };
}

/** What the bare server answers to each load case: the spec's own examples, serialised once. */
export function cannedResponses(doc: ApiDocument, routes: BenchRoutes, cases: LoadCase[], basePath: string): CannedResponse[] {
  return cases.map((c) => {
    const route = c.caseName === 'list-workspaces' ? routes.listWorkspaces : routes.listFiles;
    const { contentType, body } = exampleOf(doc, route, c.expectedStatus);
    return {
      method: 'GET',
      url: basePath + c.path,
      authorization: c.headers.authorization,
      status: c.expectedStatus,
      contentType,
      body: JSON.stringify(body),
    };
  });
}

/** The top folder (`name/`) most paths start with: a prefix filter that matches many files. */
export function commonestTopFolder(paths: string[]): string {
  return commonest(
    paths.filter((p) => p.includes('/')).map((p) => p.slice(0, p.indexOf('/') + 1)),
    'paths with a folder',
  );
}

/** The tag most files carry. */
export function commonestTag(tagLists: string[][]): string {
  return commonest(tagLists.flat(), 'tags');
}

function commonest(values: string[], what: string): string {
  if (values.length === 0) throw new Error(`The seeded world has no ${what} to filter on`);
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  // Ties go to the alphabetically first value, so the choice is stable.
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}
