// "This failure may come from the config" goes only on failures of checks that used
// a key where its own KEY check saw it misbehave (a route needing that scope, or that
// bucket), read from the KEY check's structured findings; a real server bug met with
// the same key elsewhere gets no such note.
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { viewOf, type ExchangeView } from '../oracles/exchange-view.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import { noteMisdeclaredKeys } from '../report/misdeclared-keys.ts';
import { NOTE } from '../playwright/outcome-notes.ts';
import { checkResultOf } from '../playwright/result-of-test.ts';
import type { CheckResult, KeyFinding } from '../report/outcome.ts';
import { startVariant } from './support/variant.ts';
import { runAgainst } from './support/variant-run.ts';

const BASE = 'http://deployment.test/api/v1';
const BUCKETS = { allowed: 'bkt_a', other: 'bkt_b' };
const settings = { baseUrl: BASE, buckets: BUCKETS, overrides: {} } as unknown as RunSettings;

/** The path of an operation in the given bucket, from the route table. */
function pathOf(operationId: string, bucketId: string): { method: string; path: string } {
  const route = loadRouteTable().find((r) => r.operationId === operationId)!;
  const path = route.pathTemplate.replace('{workspaceId}', 'ws_1').replace('{bucketId}', bucketId).replace('{fileId}', 'file_1');
  return { method: route.method, path };
}

/** A view of one exchange a check sent with a key. */
function sent(owner: string, key: string, operationId: string, bucketId = BUCKETS.allowed): ExchangeView {
  const { method, path } = pathOf(operationId, bucketId);
  const entry: LoggedExchange = {
    seq: 0,
    owner,
    phase: 'check',
    request: { method, path },
    sent: { method, url: `${BASE}${path}`, headers: {} },
    auth: { kind: 'key', key },
    url: `${BASE}${path}`,
    status: 403,
    headers: {},
    text: '',
  };
  return viewOf(entry, BASE)!;
}

const failed = (id: string): CheckResult => ({
  id,
  title: id,
  area: 'scopes',
  level: 'core',
  status: 'fail',
  failure: { expected: 'a 2xx answer', actual: '403' },
});

/** What KEY-claims-write-as-declared found: the key was refused on updateFile although it declares files:write. */
const claimsWrite: KeyFinding = {
  key: 'claims-write',
  about: 'scope',
  operationId: 'updateFile',
  scope: 'files:write',
  bucketId: BUCKETS.allowed,
  expected: 'served',
};

describe('the config note', () => {
  const oneBucket: KeyFinding = {
    key: 'one-bucket',
    about: 'bucket',
    operationId: 'listFiles',
    scope: 'files:read',
    bucketId: BUCKETS.other,
    expected: 'refused',
  };
  const keyChecks: CheckResult[] = [
    { ...failed('KEY-claims-write-as-declared'), verifiesKey: 'claims-write', keyFindings: [claimsWrite] },
    { ...failed('KEY-one-bucket-as-declared'), verifiesKey: 'one-bucket', keyFindings: [oneBucket] },
  ];
  const views = [
    sent('SAME-route', 'claims-write', 'updateFile'),
    // Another route needing the same scope: the key is as misdeclared there.
    sent('SAME-scope', 'claims-write', 'moveFiles'),
    sent('OTHER-scope', 'claims-write', 'listFiles'),
    sent('OTHER-key', 'full', 'updateFile'),
    sent('OTHER-bucket-route', 'one-bucket', 'listAutomations', BUCKETS.other),
    sent('ALLOWED-bucket', 'one-bucket', 'listFiles', BUCKETS.allowed),
  ];
  const checks = ['SAME-route', 'SAME-scope', 'OTHER-scope', 'OTHER-key', 'OTHER-bucket-route', 'ALLOWED-bucket'].map(failed);
  const noted = Object.fromEntries(
    noteMisdeclaredKeys([...keyChecks, ...checks, { ...failed('PASSED'), status: 'pass' }], views, settings).map((r) => [
      r.id,
      r.failure?.actual.split('\n').slice(1) ?? [],
    ]),
  );

  it('goes on a failure that used the key on a route of the scope it misbehaved on, naming where', () => {
    const note =
      'note: this check used the key "claims-write" where it did not behave as declared (KEY-claims-write-as-declared: refused on updateFile although it declares files:write); this failure may come from the config rather than the server';
    expect(noted['SAME-route']).toEqual([note]);
    expect(noted['SAME-scope']).toEqual([note]);
  });

  it('goes on a failure that used the key in the bucket its bucketIds misbehaved in, on any route', () => {
    expect(noted['OTHER-bucket-route']).toEqual([
      'note: this check used the key "one-bucket" where it did not behave as declared (KEY-one-bucket-as-declared: served on listFiles in bucket bkt_b, which its bucketIds leave out); this failure may come from the config rather than the server',
    ]);
  });

  it('stays off a failure that used the key elsewhere, another key there, a passing check and the KEY checks themselves', () => {
    for (const id of ['OTHER-scope', 'OTHER-key', 'ALLOWED-bucket', 'KEY-claims-write-as-declared', 'KEY-one-bucket-as-declared'])
      expect(noted[id], id).toEqual([]);
  });
});

describe('the key a KEY check verifies, on the Playwright path', () => {
  it('travels as an annotation of its test, so the notes of a Playwright run find its findings too', () => {
    const finding = claimsWrite;
    const testOf = (id: string, extra: { type: string; description: string }[]) => ({
      title: `${id}: a check`,
      annotations: [
        { type: NOTE.requirement, description: id },
        { type: NOTE.area, description: 'auth' },
        { type: NOTE.level, description: 'core' },
        ...extra,
      ],
    });
    const failedResult = (extra: { type: string; description: string }[] = []) => ({
      status: 'failed',
      duration: 1,
      steps: [],
      annotations: [{ type: NOTE.expected, description: 'a 2xx answer' }, { type: NOTE.actual, description: '403' }, ...extra],
    });
    const key = checkResultOf(
      testOf('KEY-claims-write-as-declared', [{ type: NOTE.verifiesKey, description: 'claims-write' }]) as never,
      failedResult([{ type: NOTE.keyFindings, description: JSON.stringify([finding]) }]) as never,
    )!;
    expect(key.verifiesKey).toBe('claims-write');
    const other = checkResultOf(testOf('SAME-route', []) as never, failedResult() as never)!;
    expect(other.verifiesKey).toBeUndefined();
    const noted = noteMisdeclaredKeys([key, other], [sent('SAME-route', 'claims-write', 'updateFile')], settings);
    expect(noted[1].failure?.actual).toContain('(KEY-claims-write-as-declared: refused on updateFile although it declares files:write)');
    expect(noted[0].failure?.actual).toBe('403');
  });
});

describe('a run with a misdeclared key against a server with a real bug', () => {
  it('notes the failures on the scope the key misbehaved on, and not the real bug met with the same key', async () => {
    const variant = await startVariant({ faults: ['prefix-filter-ignored'] });
    try {
      // only-files-read declares files:write too (it holds files:read only) and is the smallest key holding either.
      const keys = variant.config.keys
        .filter((k) => k.name !== 'only-files-write')
        .map((k) => (k.name === 'only-files-read' ? { ...k, scopes: ['files:read', 'files:write'] } : k));
      const run = await runAgainst(
        { ...variant, config: { ...variant.config, keys } },
        { grep: '^(KEY-only-files-read-|LIST-prefix-honoured$|SCOPE-updateFile-allowed$)' },
      );
      const key = run.byId.get('KEY-only-files-read-as-declared');
      expect(key?.status).toBe('fail');
      expect(key?.keyFindings).toEqual([
        expect.objectContaining({ key: 'only-files-read', about: 'scope', scope: 'files:write', expected: 'served' }),
      ]);
      const scope = run.byId.get('SCOPE-updateFile-allowed');
      expect(scope?.status).toBe('fail');
      expect(scope?.failure?.actual).toContain('this check used the key "only-files-read" where it did not behave as declared');
      const listing = run.byId.get('LIST-prefix-honoured');
      expect(listing?.status).toBe('fail');
      expect(listing?.failure?.actual).not.toContain('may come from the config');
    } finally {
      await variant.close();
    }
  }, 120_000);
});
