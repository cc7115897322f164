// Who may call what, one answer for the suite: over the real route table, for
// every key, route and bucket, the authorization matrix expects a refusal for
// the key's scope or bucketIds exactly where the oracles judge a 2xx a break
// of the scope or bucket-limits rule; and the planner picks keys by it.
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { Overrides, ResolvedKey, RunSettings } from '../config/config-types.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import { OtherBucketMarkers } from '../oracles/markers.ts';
import { ORACLE_RULES, type JudgeContext } from '../oracles/oracle-rules.ts';
import { denyCauses, expectedScope, reachesBucket } from '../oracles/who-may-call.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { buildAuthorizationMatrix } from '../report/authorization-matrix.ts';

const routes = loadRouteTable();
const buckets = { allowed: 'bkt_a', other: 'bkt_b' };
const key = (name: string, scopes: string[], bucketIds: string[] | null): ResolvedKey => ({
  name,
  env: `BUCKETKIT_KEY_${name.toUpperCase()}`,
  scopes,
  bucketIds,
});
const every = [...new Set(routes.map((r) => r.scope))];
const KEYS = [
  key('full', every, null),
  key('restricted', ['files:read', 'files:write', 'files:download'], ['bkt_a']),
  key('readonly', ['files:read'], null),
  key('elsewhere', every, ['bkt_c']),
];

/** A 2xx to the key on the route, in the bucket. */
function served(keyName: string, operationId: string, bucketId: string | undefined): ExchangeView {
  const entry = { auth: { kind: 'key', key: keyName }, status: 200, text: '', url: '', sent: {} } as unknown as LoggedExchange;
  return { entry, operations: [operationId], params: { workspaceId: 'ws_1', ...(bucketId ? { bucketId } : {}) }, served: true };
}

function judgeContext(overrides: Overrides): JudgeContext {
  const settings = { workspaceId: 'ws_1', buckets, keys: KEYS, overrides } as unknown as RunSettings;
  return {
    settings,
    keys: new Map(KEYS.map((k) => [k.name, k])),
    markers: new OtherBucketMarkers(),
    fileBuckets: new Map(),
    unserved: new Set(),
  };
}

describe('who may call what', () => {
  for (const overrides of [{}, { scopes: { listShares: 'files:read' } }] as Overrides[]) {
    it(`is one answer for the matrix and the oracles (overrides ${JSON.stringify(overrides)})`, () => {
      const ctx = judgeContext(overrides);
      const rule = (slug: string) => ORACLE_RULES.find((r) => r.slug === slug)!;
      const views = routes.flatMap((route) =>
        KEYS.flatMap((k) =>
          (route.bucketScoped ? [buckets.allowed, buckets.other] : [undefined]).map((b) => served(k.name, route.operationId, b)),
        ),
      );
      const matrix = buildAuthorizationMatrix(views, { workspaceId: 'ws_1', buckets, keys: KEYS, overrides }, routes);
      for (const cell of matrix.cells) {
        const route = routes.find((r) => r.operationId === cell.operationId)!;
        const bucketId = cell.bucket ? buckets[cell.bucket] : undefined;
        const view = served(cell.key, cell.operationId, bucketId);
        const scopeBroken = rule('scope').relevant(view, route, ctx) && rule('scope').broken(view, route, ctx) !== undefined;
        expect(scopeBroken, `${cell.operationId}/${cell.key}/${cell.bucket}`).toBe(cell.denyBecause?.includes('scope') ?? false);
        if (cell.bucket === 'other' && rule('bucket-limits').appliesTo(route)) {
          const bucketBroken =
            rule('bucket-limits').relevant(view, route, ctx) && rule('bucket-limits').broken(view, route, ctx) !== undefined;
          expect(bucketBroken, `${cell.operationId}/${cell.key}/other`).toBe(cell.denyBecause?.includes('bucket') ?? false);
        }
        const needs = { scope: expectedScope(route, overrides), agentForbidden: route.agentForbidden };
        expect(cell.denyBecause ?? []).toEqual(
          denyCauses(
            KEYS.find((k) => k.name === cell.key)!,
            needs,
            bucketId,
          ),
        );
      }
    });
  }

  it('is what the harness picks keys by', () => {
    for (const route of routes.filter((r) => r.bucketScoped))
      for (const bucketId of [buckets.allowed, buckets.other]) {
        const picked = pickHarnessKey(KEYS, [route.scope], bucketId);
        const may = KEYS.filter((k) => denyCauses(k, { scope: route.scope }, bucketId).length === 0);
        expect(picked === undefined).toBe(may.length === 0);
        if (picked) expect(may.map((k) => k.name)).toContain(picked);
        expect(reachesBucket(KEYS[1], bucketId)).toBe(bucketId === buckets.allowed);
      }
  });
});
