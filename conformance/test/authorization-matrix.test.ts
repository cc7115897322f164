// The authorization matrix on a tiny hand-built route table: which exchanges
// count in which cell, overrides and routes refused to API keys, how shards
// merge, and how the Markdown and HTML show it.
import { describe, expect, it } from 'vitest';
import type { Route } from '../../openapi/contract/route-table.ts';
import { buildAuthorizationMatrix, mergeMatrices, type MatrixExchange, type MatrixSettings } from '../report/authorization-matrix.ts';
import { renderMatrixHtml } from '../report/matrix-html.ts';
import { matrixSection } from '../report/matrix-markdown.ts';
import { mergeSummaries } from '../report/shard-set.ts';
import { buildSummary } from '../report/summary.ts';
import { summaryCheck } from './support/summary-checks.ts';

const route = (operationId: string, method: Route['method'], pathTemplate: string, scope: string, over: Partial<Route> = {}) =>
  ({
    operationId,
    method,
    pathTemplate,
    scope,
    bucketScoped: pathTemplate.includes('{bucketId}'),
    workspaceScoped: pathTemplate.includes('{workspaceId}'),
    agentForbidden: false,
    ...over,
  }) as Route;

const TABLE = [
  route('listWorkspaces', 'GET', '/workspaces', 'workspaces:read'),
  route('listFiles', 'GET', '/workspaces/{workspaceId}/buckets/{bucketId}/files', 'files:read'),
  route('updateFile', 'PATCH', '/workspaces/{workspaceId}/buckets/{bucketId}/files/{fileId}', 'files:write'),
];

const SETTINGS: MatrixSettings = {
  workspaceId: 'ws_1',
  buckets: { allowed: 'bkt_a', other: 'bkt_b' },
  keys: [
    { name: 'reader', scopes: ['workspaces:read', 'files:read'], bucketIds: null },
    { name: 'narrow', scopes: ['files:read', 'files:write'], bucketIds: ['bkt_a'] },
  ],
  overrides: {},
};

/** An exchange with a key on an operation, in a bucket of workspace ws_1 (or the params given). */
const sent = (key: string, operationId: string, status: number, params: Record<string, string> = {}): MatrixExchange => ({
  entry: { auth: { kind: 'key', key }, status },
  operations: [operationId],
  params: { workspaceId: 'ws_1', ...params },
});

const cellOf = (m: ReturnType<typeof buildAuthorizationMatrix>, operationId: string, key: string, bucket: 'allowed' | 'other' | null) =>
  m.cells.find((c) => c.operationId === operationId && c.key === key && c.bucket === bucket)!;

describe('the matrix of a run', () => {
  it('has a cell per route, bucket column (one for a route without a bucket) and key, in that order', () => {
    const m = buildAuthorizationMatrix([], SETTINGS, TABLE);
    expect(m.cells.map((c) => `${c.operationId}/${c.bucket}/${c.key}`)).toEqual([
      'listWorkspaces/null/reader',
      'listWorkspaces/null/narrow',
      'listFiles/allowed/reader',
      'listFiles/allowed/narrow',
      'listFiles/other/reader',
      'listFiles/other/narrow',
      'updateFile/allowed/reader',
      'updateFile/allowed/narrow',
      'updateFile/other/reader',
      'updateFile/other/narrow',
    ]);
    expect(m.counts).toEqual({ proved: 0, broken: 0, refused: 0, unserved: 0, unproved: 10 });
  });

  it('judges each cell from the exchanges of its key, route and bucket', () => {
    const m = buildAuthorizationMatrix(
      [
        sent('reader', 'listWorkspaces', 200),
        sent('narrow', 'listWorkspaces', 403),
        sent('narrow', 'listFiles', 200, { bucketId: 'bkt_a' }),
        sent('narrow', 'listFiles', 200, { bucketId: 'bkt_b' }),
        sent('narrow', 'listFiles', 404, { bucketId: 'bkt_b' }),
        sent('reader', 'updateFile', 403, { bucketId: 'bkt_a', fileId: 'f1' }),
        sent('narrow', 'updateFile', 404, { bucketId: 'bkt_a', fileId: 'nope' }),
      ],
      SETTINGS,
      TABLE,
    );
    expect(cellOf(m, 'listWorkspaces', 'reader', null)).toMatchObject({ expected: 'allow', verdict: 'proved' });
    expect(cellOf(m, 'listWorkspaces', 'narrow', null)).toMatchObject({ expected: 'deny', denyBecause: ['scope'], verdict: 'proved' });
    expect(cellOf(m, 'listFiles', 'narrow', 'allowed')).toMatchObject({ expected: 'allow', verdict: 'proved' });
    expect(cellOf(m, 'listFiles', 'narrow', 'other')).toMatchObject({
      expected: 'deny',
      denyBecause: ['bucket'],
      observed: { '2xx': 1, '404': 1 },
      verdict: 'broken',
    });
    expect(cellOf(m, 'updateFile', 'reader', 'allowed')).toMatchObject({ expected: 'deny', verdict: 'proved' });
    expect(cellOf(m, 'updateFile', 'narrow', 'allowed')).toMatchObject({ expected: 'allow', observed: { '404': 1 }, verdict: 'refused' });
    expect(m.counts).toEqual({ proved: 4, broken: 1, refused: 1, unserved: 0, unproved: 4 });
  });

  it('leaves out what shows nothing certain about a cell: no valid key, an unknown key, two operations, another workspace or bucket', () => {
    const served = (view: MatrixExchange) => buildAuthorizationMatrix([view], SETTINGS, TABLE).counts.unproved;
    expect(served({ ...sent('reader', 'listWorkspaces', 200), entry: { auth: { kind: 'invalid', how: 'no header' }, status: 200 } })).toBe(
      10,
    );
    expect(served(sent('someone', 'listWorkspaces', 200))).toBe(10);
    expect(served({ ...sent('narrow', 'listFiles', 200, { bucketId: 'bkt_a' }), operations: ['listFiles', 'updateFile'] })).toBe(10);
    expect(served(sent('narrow', 'listFiles', 200, { workspaceId: 'ws_2', bucketId: 'bkt_b' }))).toBe(10);
    expect(served(sent('narrow', 'listFiles', 200, { bucketId: 'bkt_zzz' }))).toBe(10);
    expect(served(sent('narrow', 'listFiles', 200, { bucketId: 'bkt_b' }))).toBe(9);
  });

  it("takes a route's scope from overrides.scopes", () => {
    const m = buildAuthorizationMatrix(
      [sent('reader', 'listWorkspaces', 200)],
      { ...SETTINGS, overrides: { scopes: { listWorkspaces: 'files:write' } } },
      TABLE,
    );
    expect(m.routes[0].scope).toBe('files:write');
    expect(cellOf(m, 'listWorkspaces', 'reader', null)).toMatchObject({ expected: 'deny', verdict: 'broken' });
    expect(cellOf(m, 'listWorkspaces', 'narrow', null)).toMatchObject({ expected: 'allow', verdict: 'unproved' });
  });

  it('expects every key refused on a route the contract refuses to API-key clients, and says so in its row', () => {
    const complete = route('completeUpload', 'POST', '/workspaces/{workspaceId}/buckets/{bucketId}/files/upload-complete', 'files:read', {
      agentForbidden: true,
    });
    const m = buildAuthorizationMatrix([sent('reader', 'completeUpload', 403, { bucketId: 'bkt_a' })], SETTINGS, [complete]);
    expect(cellOf(m, 'completeUpload', 'reader', 'allowed')).toMatchObject({
      expected: 'deny',
      denyBecause: ['agent-forbidden'],
      verdict: 'proved',
    });
    expect(m.cells.every((c) => c.expected === 'deny')).toBe(true);
    expect(matrixSection(m).join('\n')).toContain(
      '| `POST …/files/upload-complete` | files:read (refused to API keys) | allowed (bkt_a) | ✗ | · |',
    );
  });

  it('marks refusals on a route the run found not served as unserved', () => {
    const m = buildAuthorizationMatrix([sent('reader', 'listFiles', 404, { bucketId: 'bkt_a' })], SETTINGS, TABLE, new Set(['listFiles']));
    expect(m.routes.find((r) => r.operationId === 'listFiles')?.unserved).toBe(true);
    expect(cellOf(m, 'listFiles', 'reader', 'allowed').verdict).toBe('unserved');
  });

  it('of a sharded run adds up the shards and judges every cell again', () => {
    const one = buildAuthorizationMatrix([sent('narrow', 'listFiles', 404, { bucketId: 'bkt_b' })], SETTINGS, TABLE);
    const two = buildAuthorizationMatrix([sent('narrow', 'listFiles', 200, { bucketId: 'bkt_b' })], SETTINGS, TABLE);
    const merged = mergeMatrices([one, two])!;
    expect(cellOf(one, 'listFiles', 'narrow', 'other').verdict).toBe('proved');
    expect(cellOf(merged, 'listFiles', 'narrow', 'other')).toMatchObject({ observed: { '2xx': 1, '404': 1 }, verdict: 'broken' });
    expect(merged.counts.broken).toBe(1);
    expect(mergeMatrices([one, undefined])).toBeUndefined();
    // --merge carries it into the merged summary.json.
    const shard = (id: string, n: string, matrix: typeof one) =>
      buildSummary(
        {
          runId: id,
          baseUrl: 'https://x.example/api/v1',
          level: 'core',
          readOnly: false,
          shard: n,
          checks: [summaryCheck(id, 'pass')],
          harnessProblems: [],
          matrix,
        },
        [],
      );
    expect(mergeSummaries([shard('A', '1/2', one), shard('B', '2/2', two)], []).matrix?.counts.broken).toBe(1);
  });
});

describe('the matrix shown', () => {
  const m = buildAuthorizationMatrix(
    [
      sent('reader', 'listWorkspaces', 200),
      sent('narrow', 'listFiles', 200, { bucketId: 'bkt_b' }),
      sent('narrow', 'updateFile', 422, { bucketId: 'bkt_a' }),
    ],
    { ...SETTINGS, keys: [...SETTINGS.keys, { name: '<b>odd|name</b>', scopes: [], bucketIds: [] }] },
    TABLE,
  );

  it('in Markdown: a row per route and bucket, a symbol per key, broken cells bold, then the lists', () => {
    const text = matrixSection(m).join('\n');
    expect(text).toContain('## Authorization matrix');
    expect(text).toContain('15 cells: 1 proved, 1 BROKEN, 1 refused');
    expect(text).toContain('| `GET /workspaces` | workspaces:read | — | ✓ | · | · |');
    expect(text).toContain('| `GET …/files` | files:read | other (bkt_b) | · | **‼** | · |');
    expect(text).toContain('| k3 | <b>odd\\|name</b> | none | none |');
    expect(text).toMatch(
      /### BROKEN: served although the key must be refused \(1\)\n\n- `GET …\/files`, bucket other: narrow \(outside its bucketIds\): 2xx/,
    );
    expect(text).toContain('- `PATCH …/files/{fileId}`, bucket allowed: narrow: 422');
    expect(text).toContain('- `GET /workspaces`: every key but reader');
  });

  it('in HTML: every name escaped, each cell coloured by its verdict with what it met on hover', () => {
    const html = renderMatrixHtml(m, 'Run r1');
    expect(html).not.toContain('<b>odd');
    expect(html).toContain('&lt;b&gt;odd|name&lt;/b&gt;');
    expect(html).toMatch(/<td class="cell broken deny" title="narrow: must be refused: outside its bucketIds; 2xx \(broken\)">‼<\/td>/);
    expect(html).toContain("default-src 'none'");
  });
});
