// The operator catalogue against the real mock: for each planted fault of a
// rule the suite already judges, some variant the catalogue makes for the
// right sender is served past the rule (a 2xx a correct mock refuses, or one
// showing the other bucket); and the correct mock answers every variant of
// every route and sender with a refusal or the canonical answer, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOf, CATALOGUE } from '../operators/catalogue.ts';
import { SENDERS, type Axis, type Sender, type Variant } from '../operators/operator-types.ts';
import { startOperatorBench, type Answer, type OperatorBench } from './operators-bench.ts';
import { brokenBy, inputFor } from './operators-inputs.ts';

/** Each fault, with the axis and sender whose variants should reach it. */
const FAULTS: { fault: string; axis: Axis; sender: Sender }[] = [
  { fault: 'path-case-skips-scope', axis: 'path-spelling', sender: 'lacking' },
  { fault: 'dot-segment-skips-scope', axis: 'path-spelling', sender: 'lacking' },
  { fault: 'matrix-param-skips-scope', axis: 'path-spelling', sender: 'lacking' },
  { fault: 'lowercase-method-skips-scope', axis: 'method-token', sender: 'lacking' },
  { fault: 'unlisted-method-skips-scope', axis: 'method-token', sender: 'lacking' },
  { fault: 'target-suffix-skips-scope', axis: 'request-target', sender: 'lacking' },
  { fault: 'absolute-form-skips-scope', axis: 'request-target', sender: 'lacking' },
  { fault: 'original-url-header-reroutes', axis: 'target-rewrite', sender: 'lacking' },
  { fault: 'key-case-insensitive', axis: 'credential-form', sender: 'holder' },
  { fault: 'session-cookie-accepted', axis: 'credential-channel', sender: 'none' },
  { fault: 'non-json-write-skips-scope', axis: 'write-content-type', sender: 'lacking' },
  { fault: 'cursor-crosses-buckets', axis: 'id-substitution', sender: 'barred' },
  { fault: 'presigned-url-file-swap', axis: 'id-substitution', sender: 'barred' },
  { fault: 'query-bucket-overrides-path', axis: 'parameter-pollution', sender: 'barred' },
  { fault: 'batch-later-ids-unchecked', axis: 'id-substitution', sender: 'barred' },
  { fault: 'move-destination-dotdot', axis: 'id-substitution', sender: 'barred' },
  { fault: 'limit-max-spans-buckets', axis: 'edge-values', sender: 'barred' },
  { fault: 'head-ignores-bucket-limits', axis: 'head', sender: 'barred' },
  { fault: 'mass-assignment-partial', axis: 'mass-assignment-single', sender: 'barred' },
  { fault: 'body-bucket-id-every-write', axis: 'mass-assignment-single', sender: 'barred' },
  { fault: 'restore-body-bucket', axis: 'id-substitution', sender: 'barred' },
  { fault: 'head-served-without-key', axis: 'head', sender: 'none' },
  { fault: 'trailing-slash-skips-scope', axis: 'path-spelling', sender: 'lacking' },
  { fault: 'malformed-auth-500', axis: 'credential-form', sender: 'none' },
  { fault: 'workspace-ignored', axis: 'hierarchy', sender: 'holder' },
  { fault: 'cross-bucket-file-access', axis: 'hierarchy', sender: 'holder' },
  { fault: 'item-listings-span-buckets', axis: 'barred-listing', sender: 'barred' },
  { fault: 'trash-listing-spans-buckets', axis: 'barred-listing', sender: 'barred' },
  { fault: 'duplicate-key-last-wins', axis: 'body-parser', sender: 'barred' },
  { fault: 'escaped-field-name-unchecked', axis: 'body-parser', sender: 'barred' },
  { fault: 'snake-case-bucket-id-honoured', axis: 'field-spelling', sender: 'barred' },
  { fault: 'id-case-folded-after-check', axis: 'id-forms', sender: 'barred' },
  { fault: 'id-trimmed-after-check', axis: 'id-forms', sender: 'barred' },
  { fault: 'prefix-normalised-after-check', axis: 'filter-values', sender: 'barred' },
  { fault: 'large-batch-skips-bucket-check', axis: 'batch-sizes', sender: 'barred' },
  { fault: 'forwarded-for-loopback-skips-auth', axis: 'forwarded-headers', sender: 'none' },
  { fault: 'accept-csv-skips-bucket-limits', axis: 'negotiation', sender: 'barred' },
  { fault: 'if-none-match-304-before-auth', axis: 'conditional-headers', sender: 'none' },
  { fault: 'api-key-header-accepted', axis: 'credential-elsewhere', sender: 'holder' },
  { fault: 'api-key-header-accepted', axis: 'credential-elsewhere', sender: 'lacking' },
  { fault: 'answer-cache-ignores-key', axis: 'interleaved-keys', sender: 'barred' },
  { fault: 'answer-cache-ignores-key', axis: 'interleaved-keys', sender: 'none' },
];

/** The variants of the axes for the sender on every route where they apply. */
function variantsFor(bench: OperatorBench, sender: Sender, axes: readonly Axis[]): Variant[] {
  const { contract, seen } = bench;
  return contract.routes.flatMap((route) =>
    axes.flatMap((axis) => {
      const op = operatorOf(axis);
      if (!op.senders.includes(sender) || !op.applies(route, sender, contract)) return [];
      return op.variants(inputFor(contract, seen, route, sender, bench.token));
    }),
  );
}

/** Sends a variant and judges it locally; one carrying a canonical request (a presigned URL) is compared with its answer. */
async function judged(bench: OperatorBench, variant: Variant): Promise<string | undefined> {
  const answer = await bench.sendVariant(variant);
  const canonical: Answer | undefined = variant.canonical ? await bench.send(variant.canonical) : undefined;
  return brokenBy(variant, answer, bench.seen, canonical);
}

describe('operator variants reach the planted faults', () => {
  const exposed: string[] = [];
  afterAll(() => console.log(`fault → variant that exposes it:\n${exposed.join('\n')}`));

  for (const { fault, axis, sender } of FAULTS) {
    it(`${fault}: a ${axis} variant sent by the ${sender} sender is served past the rule`, { timeout: 120_000 }, async () => {
      const bench = await startOperatorBench([fault]);
      try {
        const hits: string[] = [];
        for (const variant of variantsFor(bench, sender, [axis])) {
          const why = await judged(bench, variant);
          if (why) hits.push(`${variant.request.intent.operationId}: ${variant.name} (${why})`);
        }
        exposed.push(`${fault} | ${axis} / ${sender} | ${hits[0] ?? 'NONE'} | ${hits.length} variants`);
        expect(hits.length, `no ${axis} variant of the ${sender} sender reached ${fault}`).toBeGreaterThan(0);
      } finally {
        await bench.close();
      }
    });
  }
});

describe('the correct mock', () => {
  let bench: OperatorBench;
  beforeAll(async () => {
    bench = await startOperatorBench();
  });
  afterAll(() => bench?.close());

  it('serves the valid request every variant starts from to a key that may (upload-complete refuses every API key)', async () => {
    const refused: string[] = [];
    for (const route of bench.contract.routes) {
      const { allowed } = inputFor(bench.contract, bench.seen, route, 'holder', bench.token).valid;
      const answer = await bench.send(allowed);
      if (answer.status !== route.successStatus) refused.push(`${route.operationId} ${answer.status}`);
    }
    expect(refused).toEqual([expect.stringMatching(new RegExp(`^${bench.contract.routes.find((r) => r.agentForbidden)!.operationId} 4`))]);
  });

  it(
    'answers every variant of every route and sender with a refusal or the canonical answer, never a 5xx',
    { timeout: 300_000 },
    async () => {
      const axes = CATALOGUE.map((o) => o.axis);
      const perSender = SENDERS.map((sender) => variantsFor(bench, sender, axes));
      const broken: string[] = [];
      // The senders' lists in parallel (each in order, since writes change what later variants find).
      await Promise.all(
        perSender.map(async (variants) => {
          for (const variant of variants) {
            const why = await judged(bench, variant);
            if (why) broken.push(`${variant.sender} ${variant.request.intent.operationId} ${variant.axis}: ${variant.name} → ${why}`);
          }
        }),
      );
      const sent = perSender.reduce((n, list) => n + list.length, 0);
      console.log(`correct mock: ${sent} variants sent, ${broken.length} judged broken`);
      expect(broken).toEqual([]);
      expect(sent).toBeGreaterThan(1000);
    },
  );
});
