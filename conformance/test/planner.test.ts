// The planner: keys chosen by scopes and buckets, skips naming the key that
// would enable a check, read-only and disabled checks, levels, and checks
// generated from the route table with seed/choice levels.
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { planChecks } from '../plan/planner.ts';
import { pickKeys } from '../plan/key-picker.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { FOREIGN_FILE_OPERATIONS } from '../checks/foreign-file-checks.ts';
import { BOOKS } from '../operations/books.ts';
import { bodyFileFields } from '../operations/request-fields.ts';
import { HOSTILE_QUERY_VALUES, hostileQueries } from '../checks/robustness-checks.ts';

const buckets = { allowed: 'bkt_a', other: 'bkt_b' };
const key = (name: string, scopes: string[], bucketIds: string[] | null = null): ResolvedKey => ({
  name,
  env: `BUCKETKIT_KEY_${name.toUpperCase()}`,
  scopes,
  bucketIds,
});
const keys = [
  key('full', ['files:read', 'files:write', 'files:upload']),
  key('reader', ['files:read']),
  key('writer', ['files:write']),
  key('limited', ['files:read'], ['bkt_a']),
];
const check = (over: Partial<CheckDef>): CheckDef => ({
  id: 'X-1',
  title: 't',
  area: 'scopes',
  level: 'core',
  keys: {},
  writes: false,
  fixtures: false,
  run: async () => undefined,
  ...over,
});
const base = { keys, buckets, readOnly: false, level: 'profile' as const, overrides: {} };

describe('picking keys', () => {
  it('prefers the key with the fewest scopes that holds what is needed', () => {
    expect(pickKeys(keys, { holds: ['files:read'], reaches: ['allowed'] }, buckets)).toEqual(['limited']);
    expect(pickKeys(keys, { holds: ['files:read'], reaches: ['allowed', 'other'] }, buckets)).toEqual(['reader']);
  });

  it('returns every key lacking a scope when asked for all', () => {
    expect(pickKeys(keys, { lacks: 'files:read', every: true }, buckets)).toEqual(['writer']);
  });

  it('finds a key barred from the other bucket', () => {
    expect(pickKeys(keys, { holds: ['files:read'], barredFrom: 'other' }, buckets)).toEqual(['limited']);
  });
});

describe('planning', () => {
  it('skips a check no key can run, naming the key that would enable it', () => {
    const [planned] = planChecks([check({ keys: { k: { holds: ['agent:run'], reaches: ['allowed'] } } })], base);
    expect(planned.status).toBe('skip');
    expect(planned.reason).toMatch(/a key holding agent:run, with bucketIds null or including "bkt_a"/);
  });

  it('skips writing checks in a read-only run and says why', () => {
    const [planned] = planChecks([check({ writes: true })], { ...base, readOnly: true });
    expect(planned).toMatchObject({ status: 'skip', reason: 'sends a writing request; skipped by --read-only' });
  });

  it('disables checks by id or area through overrides', () => {
    const plan = planChecks([check({ id: 'A-1' }), check({ id: 'B-1', area: 'listing' }), check({ id: 'C-1' })], {
      ...base,
      overrides: { disable: ['A-1', 'listing'] },
    });
    expect(plan.map((p) => p.status)).toEqual(['disabled', 'disabled', 'run']);
  });

  it('leaves profile checks out of a core run and filters by grep', () => {
    const defs = [check({ id: 'A-1' }), check({ id: 'B-1', level: 'profile' }), check({ id: 'C-1', area: 'auth' })];
    expect(planChecks(defs, { ...base, level: 'core' }).map((p) => p.def.id)).toEqual(['A-1', 'C-1']);
    expect(planChecks(defs, { ...base, grep: '@auth' }).map((p) => p.def.id)).toEqual(['C-1']);
  });

  it('refuses two checks with one requirement id', () => {
    expect(() => planChecks([check({}), check({})], base)).toThrow(/share the requirement id X-1/);
  });
});

describe('checks generated from the route table', () => {
  const routes = loadRouteTable();
  const defs = generateChecks(routes, keys, {});

  it('covers every route in the scope matrix, with sentence titles', () => {
    for (const route of routes) {
      const refused = defs.find((d) => d.id === `SCOPE-${route.operationId}-refused`);
      expect(refused?.title).toBe(
        `${route.method} ${route.pathTemplate} without ${route.scope} is refused${route.mutates ? ' and changes nothing' : ''}`,
      );
    }
  });

  it('puts seed scopes at core and assumed scopes (x-scope-assumed) at profile', () => {
    for (const route of routes) {
      expect(defs.find((d) => d.id === `SCOPE-${route.operationId}-refused`)?.level).toBe(
        route.scopeSource === 'seed' ? 'core' : 'profile',
      );
    }
  });

  it('follows an override of an assumed scope, and refuses one of a seed scope', () => {
    const assumed = routes.find((r) => r.scopeSource === 'assumed' && !r.agentForbidden)!;
    const overridden = generateChecks(routes, keys, { scopes: { [assumed.operationId]: 'files:read' } });
    expect(overridden.find((d) => d.id === `SCOPE-${assumed.operationId}-allowed`)?.title).toContain('with files:read is served');
    const seed = routes.find((r) => r.scopeSource === 'seed')!;
    expect(() => generateChecks(routes, keys, { scopes: { [seed.operationId]: 'files:read' } })).toThrow(/stated by the seed/);
  });

  it('checks every route that names a file for a file of the other bucket, trash restore and purge included', () => {
    const naming = routes.filter((r) => r.pathTemplate.includes('{fileId}') || bodyFileFields(r).length > 0).map((r) => r.operationId);
    expect([...FOREIGN_FILE_OPERATIONS].sort()).toEqual([...naming, 'updateTrash'].sort());
    // Every book that says its request names a file has a case naming the other bucket's.
    const named = routes.filter((r) => BOOKS[r.operationId as keyof typeof BOOKS].names.files.length > 0).map((r) => r.operationId);
    expect([...FOREIGN_FILE_OPERATIONS].sort()).toEqual(named.sort());
    const foreign = defs.filter((d) => /^BUCKET-\w+-foreign-[a-z]+-unreached$/.test(d.id));
    expect(foreign.map((d) => d.id)).toEqual(
      expect.arrayContaining(['BUCKET-updateTrash-foreign-restore-unreached', 'BUCKET-updateTrash-foreign-purge-unreached']),
    );
    expect(foreign.every((d) => d.level === 'core' && d.area === 'bucket-limits' && d.keys.restricted?.barredFrom === 'other')).toBe(true);
  });

  it('checks search, semantic search, the trash listing and the agent for leaks of the other bucket, at core', () => {
    const leaks = ['listFiles-search', 'listFiles-semantic', 'getTrash', 'runBucketAgent'].map((s) => `BUCKET-${s}-own-bucket-only`);
    for (const id of leaks)
      expect(
        defs.find((d) => d.id === id),
        id,
      ).toMatchObject({ level: 'core', area: 'bucket-limits', fixtures: true });
  });

  it('puts every hostile query value in every query parameter, and in search with semantic=1', () => {
    const list = routes.find((r) => r.operationId === 'listFiles')!;
    const queries = hostileQueries(list);
    expect(queries.length).toBe(HOSTILE_QUERY_VALUES.length * (list.queryParams.length + 1));
    for (const raw of [
      'search=%28',
      'search=%00',
      'tag=%FF%FE',
      `prefix=${'x'.repeat(8192)}`,
      'cursor=%F0%9F%92%A5',
      'search=%27&semantic=1',
    ])
      expect(queries, raw).toContain(raw);
  });

  it('has checks in every area and unique ids', () => {
    expect(new Set(defs.map((d) => d.area)).size).toBe(9);
    expect(new Set(defs.map((d) => d.id)).size).toBe(defs.length);
  });
});
