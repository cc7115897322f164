// An oracle names the rule the exchange broke: the Authorization spellings a
// server may legitimately read as a key (scheme in any letter case, extra spaces
// or a tab, beside a keyless header) are judged as that key, so a server that
// ignores scopes fails every ORACLE-scope-* and no ORACLE-auth-*, and one that
// serves requests without a key fails every ORACLE-auth-* and no ORACLE-scope-*.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { credentialOf } from '../oracles/credential-forms.ts';
import { notPassed, plantFaults, startBench, type Bench, type Outcome } from './support/check-bench.ts';

// Upload-complete refuses every API key before anything else (GAPS G03): no fault of these two can show there.
const judgeable = loadRouteTable().filter((r) => !r.agentForbidden);
const oracles = (rule: 'scope' | 'auth') => (id: string) => id.startsWith(`ORACLE-${rule}-`);
const FAST = { overrides: { consistencyWindowMs: 300 } };

/** Runs the scope and auth oracles (each sends its own variants) on the bench with the fault. */
async function judged(bench: Bench, fault: string): Promise<Record<string, Outcome>> {
  await plantFaults(bench, [fault]);
  return bench.run((def) => oracles('scope')(def.id) || oracles('auth')(def.id), FAST);
}

describe.each([
  { fault: 'scope-unenforced-everywhere', broken: 'scope', kept: 'auth' },
  { fault: 'missing-key-accepted', broken: 'auth', kept: 'scope' },
] as const)('a mock with $fault', ({ fault, broken, kept }) => {
  let bench: Bench;
  let outcomes: Record<string, Outcome>;
  beforeAll(async () => {
    bench = await startBench();
    outcomes = await judged(bench, fault);
  }, 180_000);
  afterAll(async () => bench?.close());

  it(`fails ORACLE-${broken}-<op> on every route it can be shown on`, () => {
    for (const route of judgeable)
      expect(outcomes[`ORACLE-${broken}-${route.operationId}`], route.operationId).toMatchObject({ status: 'fail' });
  });

  it(`fails no ORACLE-${kept}-<op>: the exchanges are judged by the rule of the credential they carried`, () => {
    expect(Object.entries(notPassed(outcomes)).filter(([id]) => oracles(kept)(id))).toEqual([]);
  });
});

describe('the scope failure of a server that ignores scopes', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  it('counts the lowercase scheme, the tab and the key beside a keyless header as the key lacking the scope', async () => {
    const outcomes = await judged(bench, 'scope-unenforced-everywhere');
    expect(outcomes['ORACLE-scope-listFiles']).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/to key "[^"]+", which lacks files:read/),
    });
    const served = bench
      .views()
      .filter(
        (v) =>
          v.entry.owner === 'ORACLE-scope-listFiles' &&
          v.served &&
          v.operations.includes('listFiles') &&
          v.entry.intent?.axis === 'credential-form',
      );
    expect(served.map((v) => v.entry.intent?.variant).sort()).toEqual([
      'the key after a tab',
      'the key after two spaces',
      'the key under a lower-case "bearer"',
      'the key under an upper-case "BEARER"',
      'the key with spaces around the value',
      // The mock's HTTP parser keeps the first of two Authorization lines, as many servers do.
      'two Authorization headers: the key, then no key',
    ]);
    expect(served.every((v) => v.entry.auth.kind === 'key')).toBe(true);
  }, 180_000);
});

describe('the credential a request carries', () => {
  const tokens = new Map([
    ['reader', 'tok_Q7vX2mK9pL4rT8wZ'],
    ['writer', 'tok_cN3bH6jY1sD5fG0q'],
  ]);
  const reader = { kind: 'key', key: 'reader' };

  it('is the key for every spelling RFC 9110 lets a server read as it', () => {
    for (const line of [
      'Bearer tok_Q7vX2mK9pL4rT8wZ',
      'bearer tok_Q7vX2mK9pL4rT8wZ',
      'BeArEr tok_Q7vX2mK9pL4rT8wZ',
      'Bearer   tok_Q7vX2mK9pL4rT8wZ',
      'Bearer\ttok_Q7vX2mK9pL4rT8wZ',
      ' Bearer tok_Q7vX2mK9pL4rT8wZ \t',
    ])
      expect(credentialOf([line], tokens), JSON.stringify(line)).toEqual(reader);
    expect(credentialOf(['Bearer tok_nope_nope_nope', 'Bearer tok_Q7vX2mK9pL4rT8wZ'], tokens)).toEqual(reader);
  });

  it('is no valid key for another scheme, another token, a token in another case, nothing, or lines holding two keys', () => {
    const invalid = (how: string) => ({ kind: 'invalid', how });
    const one = invalid('an Authorization header with no valid key');
    for (const line of [
      'Token tok_Q7vX2mK9pL4rT8wZ',
      `Basic ${Buffer.from('tok_Q7vX2mK9pL4rT8wZ:').toString('base64')}`,
      'Bearer TOK_Q7VX2MK9PL4RT8WZ',
      'Bearer',
      'Bearer ',
      'Bearertok_Q7vX2mK9pL4rT8wZ',
      'Bearer tok_Q7vX2mK9pL4rT8wZ x',
    ])
      expect(credentialOf([line], tokens), line).toEqual(one);
    expect(credentialOf([], tokens)).toEqual(invalid('no Authorization header'));
    expect(credentialOf(['Bearer tok_Q7vX2mK9pL4rT8wZ', 'Bearer tok_cN3bH6jY1sD5fG0q'], tokens)).toEqual(
      invalid('2 Authorization headers holding different keys'),
    );
    expect(credentialOf(['Bearer tok_Q7vX2mK9pL4rT8wZ', 'Token tok_cN3bH6jY1sD5fG0q'], tokens)).toEqual(invalid('2 Authorization headers'));
  });
});
