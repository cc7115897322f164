// Request variants as traffic for the rules judged over every exchange (the
// operator catalogue's: its essential variants, the documented path and plain
// spellings of it, HEAD, method overrides, odd Authorization headers, the
// barred listings and the hierarchies, whatever the budget; the others within
// the run's variant budget): sent on the correct mock they add exchanges, each
// judged as the operation it meant, and every rule holds; on a mock with one
// planted fault, the rule that fault breaks fails with the variant named and a
// curl line that replays it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { foreignFieldsOf, loadContract, requiresNothing } from '../operators/contract-fields.ts';
import { idSubstitution } from '../operators/id-substitution.ts';
import { inputFor, sampleSeen } from './operators-inputs.ts';
import { operatorPlan } from '../traffic/operator-plan.ts';
import { notPassed, plantFaults, startBench, type Bench } from './support/check-bench.ts';

const judges = (id: string) => id.startsWith('ORACLE-') || id.endsWith('-method-override-refused');
// The mock shows a write at once: a short window keeps the override checks from idling.
const FAST = { overrides: { consistencyWindowMs: 300 } };

/** How many essential variants the route table calls for, counted by hand from what each kind sends. */
function expectedEssential(): number {
  const routes = loadRouteTable();
  const senders = (r: { bucketScoped: boolean }) => (r.bucketScoped ? 4 : 3);
  // The path as documented, a trailing and a doubled slash, an encoded literal segment, and an encoded id.
  const spellings = routes.reduce((n, r) => n + senders(r) * (r.pathParams.length ? 5 : 4), 0);
  const heads = routes.reduce((n, r) => n + (r.method === 'GET' ? senders(r) : 0), 0);
  const pairs = routes.filter((r) => r.method !== 'GET' && routes.some((g) => g.method === 'GET' && g.pathTemplate === r.pathTemplate));
  // Malformed headers without a key and from the key that may; the key lacking the scope in 5 spellings, beside a keyless line twice, in 3 schemes.
  const odd = routes.length * (4 + 4 + 5 + 2 + 3);
  const listings = routes.filter((r) => r.method === 'GET' && r.bucketScoped).length;
  const hierarchy =
    routes.filter((r) => r.bucketScoped && !r.agentForbidden).length + routes.filter((r) => r.pathTemplate.includes('{fileId}')).length;
  // The other bucket's id beside a valid body (and alone as the body where it requires nothing), by the key barred
  // from it, on each writing bucket route whose body does not take it.
  const contract = loadContract();
  const moves = contract.routes
    .filter((r) => r.mutates && r.requestBody && r.bucketScoped && foreignFieldsOf(contract, r).some(([name]) => name === 'bucketId'))
    .reduce((n, r) => n + (requiresNothing(contract, r) ? 2 : 1), 0);
  // The other bucket's bucketId in the body beside that bucket's ids, by the barred key, on each bucket write whose
  // valid body holds ids but takes no bucketId (the operator's own reading of the body).
  const seen = sampleSeen();
  const bucketNaming = contract.routes
    .filter((r) => r.bucketScoped)
    .filter((r) =>
      idSubstitution
        .variants(inputFor(contract, seen, r, 'barred'))
        .some((v) => v.essential && v.name.startsWith('bucketId of the other bucket')),
    ).length;
  // {bucketId} swapped for the other bucket's, by the barred key, on every bucket route.
  const bucketSwaps = routes.filter((r) => r.pathParams.some((p) => p.name === 'bucketId')).length;
  // Every client-address header at once without a key, and the key lacking the scope beside a key that may in X-API-Key, on every route;
  // If-None-Match: * on every GET by each sender that may not; the same GET right after a key that may's, without a key and barred.
  const gets = routes.filter((r) => r.method === 'GET');
  const forwarded = routes.length;
  const elsewhere = routes.length;
  const conditional = gets.reduce((n, r) => n + senders(r) - 1, 0);
  const interleaved = gets.reduce((n, r) => n + (r.bucketScoped ? 2 : 1), 0);
  return (
    spellings +
    heads +
    pairs.length * 2 * 4 +
    odd +
    listings +
    hierarchy +
    moves +
    bucketNaming +
    bucketSwaps +
    forwarded +
    elsewhere +
    conditional +
    interleaved
  );
}

const variantViews = (bench: Bench) => bench.views().filter((v) => v.entry.intent?.axis && v.entry.owner.startsWith('ORACLE-'));

describe('request variants on the correct mock', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  it('are sent by the oracle checks, each judged as what it meant, and every rule holds', async () => {
    const started = performance.now();
    const outcomes = await bench.run((def) => judges(def.id), FAST);
    const ms = Math.round(performance.now() - started);
    const views = variantViews(bench);
    console.log(`oracle checks: ${Object.keys(outcomes).length}, ${views.length} variant exchanges in ${ms} ms`);
    expect(notPassed(outcomes)).toEqual({});
    // Every essential variant of the plan was sent, whatever the budget; the others within it.
    const { plan, budget } = operatorPlan(bench.settings);
    const essential = plan.variants.filter((v) => v.essential);
    expect(essential.length).toBe(expectedEssential());
    const key = (operationId: string, axis: string | undefined, variant: string | undefined) => `${operationId}|${axis}|${variant}`;
    const sent = new Map<string, number>();
    for (const v of views) {
      const at = key(v.entry.intent!.operationId, v.entry.intent!.axis, v.entry.intent!.variant);
      sent.set(at, (sent.get(at) ?? 0) + 1);
    }
    const planned = new Map<string, number>();
    for (const v of essential) {
      const at = key(v.request.intent.operationId, v.axis, v.name);
      planned.set(at, (planned.get(at) ?? 0) + 1);
    }
    for (const [at, n] of planned) expect(sent.get(at) ?? 0, at).toBeGreaterThanOrEqual(n);
    expect(views.length).toBeGreaterThan(essential.length);
    expect(views.length).toBeLessThanOrEqual(essential.length + budget.requests + 150);
    const heads = views.filter((v) => v.entry.intent?.axis === 'head');
    expect(heads.length).toBe(loadRouteTable().reduce((n, r) => n + (r.method === 'GET' ? (r.bucketScoped ? 4 : 3) : 0), 0));

    const { allowed } = bench.settings.buckets;
    const head = heads.find((v) => v.entry.sent.method === 'HEAD' && v.entry.url.endsWith('/files'));
    expect(head?.operations).toEqual(['listFiles']);
    const encoded = views.find(
      (v) =>
        v.entry.owner === 'ORACLE-scope-listAutomations' &&
        v.entry.intent?.variant === 'a percent-encoded character in {bucketId}' &&
        v.entry.url.endsWith('/automations'),
    );
    expect(encoded?.entry.url).not.toContain(`/buckets/${allowed}/`);
    expect(encoded?.params.bucketId).toBe(allowed);
    const doubled = views.find(
      (v) => v.entry.intent?.variant === 'a doubled slash before the last segment' && v.entry.url.endsWith('/trash'),
    );
    expect(doubled?.entry.url).toMatch(/\/\/trash$/);
    const override = views.find(
      (v) => v.entry.intent?.variant === 'GET carrying PATCH in X-HTTP-Method-Override' && v.entry.url.endsWith('/intelligence'),
    );
    expect(override?.operations).toEqual(['updateIntelligence', 'getIntelligence']);
    // Spellings a server may read as the key are judged as that key; other schemes and keyless lines as no valid key.
    const authOf = (variant: string) => views.find((v) => v.entry.intent?.variant?.startsWith(variant))?.entry.auth;
    for (const variant of ['two Authorization headers: no key', 'the key under a lower-case', 'the key after a tab'])
      expect(authOf(variant), variant).toMatchObject({ kind: 'key' });
    expect(authOf('two Authorization headers, neither')).toEqual({ kind: 'invalid', how: '2 Authorization headers' });
    expect(authOf('the key under the Token scheme')).toEqual({
      kind: 'invalid',
      how: 'an Authorization header with no valid key',
    });
    // The mock answers a non-Latin-1 token like any unknown one: it arrived as bytes, not as an error of the client.
    expect(views.filter((v) => v.entry.intent?.variant?.includes('outside Latin-1')).every((v) => v.entry.status === 401)).toBe(true);

    const judged = Object.keys(outcomes).filter((id) => /^ORACLE-(scope|auth|robustness)-/.test(id));
    expect(judged.length).toBe(loadRouteTable().length * 3);
    for (const id of judged)
      expect(outcomes[id], id).toMatchObject({ status: 'pass', note: expect.stringMatching(/^judged \d+ exchange/) });
    expect(
      Object.keys(outcomes)
        .filter((id) => id.endsWith('-method-override-refused'))
        .sort(),
    ).toEqual([
      'SCOPE-createAutomation-method-override-refused',
      'SCOPE-createSuggestion-method-override-refused',
      'SCOPE-updateIntelligence-method-override-refused',
      'SCOPE-updateTrash-method-override-refused',
    ]);
  }, 120_000);
});

/** Each fault: a check its variants make fail (with the variant and a replayable curl line), and one they leave passing. */
const FAULTS: { fault: string; fails: string; shows: RegExp; curl: RegExp; holds: string }[] = [
  {
    fault: 'head-served-without-key',
    fails: 'ORACLE-auth-listFiles',
    shows: /\(HEAD of GET [^)]*\): 200 with no Authorization/,
    curl: /^curl -sS -i -I .*\/files'$/,
    holds: 'ORACLE-scope-listFiles',
  },
  {
    fault: 'trailing-slash-skips-scope',
    fails: 'ORACLE-scope-updateFile',
    shows: /\(a (trailing|doubled) slash[^)]*\): 200 to key/,
    curl: /-X PATCH .*(\/'|\/\/)/,
    holds: 'ORACLE-auth-updateFile',
  },
  {
    fault: 'malformed-auth-500',
    fails: 'ORACLE-robustness-createAutomation',
    shows: /: 500;/,
    curl: /-H 'Authorization: Bearer(')?/,
    holds: 'ORACLE-auth-createAutomation',
  },
  {
    fault: 'method-override-honoured',
    fails: 'SCOPE-createAutomation-method-override-refused',
    shows: /the override was honoured without automations:write/,
    curl: /-X GET .*(-H '(X-HTTP-Method-Override|X-Method-Override|X-HTTP-Method): POST'|_method=POST).*--data-raw/,
    holds: 'ORACLE-scope-createAutomation',
  },
];

describe.each(FAULTS)('request variants on a mock with $fault', ({ fault, fails, shows, curl, holds }) => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
    await plantFaults(bench, [fault]);
  }, 60_000);
  afterAll(async () => bench?.close());

  it(`fails ${fails} naming the variant, with a curl line, and leaves ${holds} passing`, async () => {
    const outcomes = await bench.run([fails, holds], FAST);
    const failed = outcomes[fails];
    expect(failed).toMatchObject({ status: 'fail', message: expect.stringMatching(shows) });
    expect(failed.status === 'fail' && failed.curl).toMatch(curl);
    // The curl line names keys by their env var, never by value.
    for (const { name } of bench.settings.keys) expect(JSON.stringify(failed)).not.toContain(bench.token(name));
    expect(outcomes[holds]).toMatchObject({ status: 'pass' });
  }, 120_000);
});
