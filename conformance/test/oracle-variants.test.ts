// Request variants as traffic for the rules judged over every exchange (HEAD,
// other spellings of a path, method overrides, odd Authorization headers):
// sent on the correct mock they add exchanges, each judged as the operation it
// meant, and every rule holds; on a mock with one planted fault, the rule that
// fault breaks fails with the variant named and a curl line that replays it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { TrafficTask } from '../traffic/traffic-types.ts';
import { notPassed, plantFaults, startBench, type Bench } from './support/check-bench.ts';

const VARIANT_TASK =
  /^(HEAD|other spellings of the path|malformed Authorization headers|odd Authorization headers) of |in method overrides, /;
const isVariant = (task: TrafficTask) => VARIANT_TASK.test(task.name);
const judges = (id: string) => id.startsWith('ORACLE-') || id.endsWith('-method-override-refused');
// The mock shows a write at once: a short window keeps the override checks from idling.
const FAST = { overrides: { consistencyWindowMs: 300 } };

/** How many variant requests the route table calls for, counted by hand from what each kind sends. */
function expectedVariants(): number {
  const routes = loadRouteTable();
  const head = routes.filter((r) => r.method === 'GET').length * 3;
  const spellings = routes.reduce((n, r) => n + (r.bucketScoped ? 3 : 2) * (r.pathParams.length ? 4 : 3), 0);
  const pairs = routes.filter((r) => r.method !== 'GET' && routes.some((g) => g.method === 'GET' && g.pathTemplate === r.pathTemplate));
  return head + spellings + pairs.length * 2 * 4 + routes.length * (4 + 6);
}

const variantViews = (bench: Bench) => bench.session.views().filter((v) => v.entry.phase === 'traffic' && v.entry.intent);

describe('request variants on the correct mock', () => {
  let bench: Bench;
  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  it('adds one judged exchange per variant, each judged as what it meant, and every rule holds', async () => {
    const before = bench.session.views().length;
    const started = performance.now();
    const report = await bench.runTraffic(isVariant);
    const ms = Math.round(performance.now() - started);
    const added = bench.session.views().length - before;
    console.log(
      `variant traffic: ${report.sent} tasks, ${variantViews(bench).length} variant exchanges (${added} judged exchanges in all, with set-up) in ${ms} ms`,
    );
    expect(report.problems).toEqual([]);
    expect(report.notSent).toEqual([]);
    expect(variantViews(bench).length).toBe(expectedVariants());
    expect(added).toBeGreaterThanOrEqual(expectedVariants());

    const { allowed } = bench.settings.buckets;
    const views = variantViews(bench);
    const head = views.find((v) => v.entry.sent.method === 'HEAD' && v.entry.url.endsWith('/files'));
    expect(head?.operations).toEqual(['listFiles']);
    const encoded = views.find((v) => v.entry.intent?.variant?.includes('{bucketId}') && v.entry.url.includes('/automations'));
    expect(encoded?.entry.url).not.toContain(`/buckets/${allowed}/`);
    expect(encoded?.params.bucketId).toBe(allowed);
    const doubled = views.find((v) => v.entry.intent?.variant === 'doubled slash' && v.entry.url.includes('/trash'));
    expect(doubled?.entry.url).toMatch(/\/\/trash/);
    const override = views.find(
      (v) => v.entry.intent?.variant === 'X-HTTP-Method-Override: PATCH' && v.entry.url.endsWith('/intelligence'),
    );
    expect(override?.operations).toEqual(['getIntelligence', 'updateIntelligence']);
    expect(views.filter((v) => v.entry.intent?.alsoAs).length).toBe(32);
    const twoHeaders = views.find((v) => v.entry.intent?.variant?.startsWith('two Authorization headers: no key'));
    expect(twoHeaders?.entry.auth).toEqual({ kind: 'invalid', how: '2 Authorization headers' });
    // The mock answers a non-Latin-1 token like any unknown one: it arrived as bytes, not as an error of the client.
    expect(views.filter((v) => v.entry.intent?.variant?.includes('outside Latin-1')).every((v) => v.entry.status === 401)).toBe(true);

    const outcomes = await bench.run((def) => judges(def.id), FAST);
    // Alone, the variants prove no hierarchy rule and no bucketIds rule of a route without a bucket: those stay "not proven".
    const failing = Object.entries(notPassed(outcomes)).filter(([, why]) => !why.startsWith('skip: not proven'));
    expect(failing).toEqual([]);
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
    shows: /\(HEAD\): 200 with no Authorization/,
    curl: /^curl -sS -i -I .*\/files'$/,
    holds: 'ORACLE-scope-listFiles',
  },
  {
    fault: 'trailing-slash-skips-scope',
    fails: 'ORACLE-scope-updateFile',
    shows: /\((trailing|doubled) slash\): 200 to key/,
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
    const report = await bench.runTraffic(isVariant);
    expect(report.problems).toEqual([]);
    const outcomes = await bench.run([fails, holds], FAST);
    const failed = outcomes[fails];
    expect(failed).toMatchObject({ status: 'fail', message: expect.stringMatching(shows) });
    expect(failed.status === 'fail' && failed.curl).toMatch(curl);
    // The curl line names keys by their env var, never by value.
    for (const { name } of bench.settings.keys) expect(JSON.stringify(failed)).not.toContain(bench.token(name));
    expect(outcomes[holds]).toMatchObject({ status: 'pass' });
  }, 120_000);
});
