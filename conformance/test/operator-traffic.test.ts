// Operator variants as the oracle checks send them: the run's plan (the
// essential variants sent whatever the budget, the others within it; the
// senders each rule judges), the judgement of a served variant of a barred key by what a
// conforming server may answer it, the redaction of credentials a deployment
// handed out, and the checks on the mock: a planted fault along an axis fails
// the oracle check of its rule, with the replayed credential redacted, and the
// correct mock passes it.
import { describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { isSuccess } from '../../openapi/contract/route-table.ts';
import { extendableRedactor } from '../http/credential-redactor.ts';
import { createRedactor } from '../http/redact.ts';
import { sendersOf } from '../operators/catalogue.ts';
import { AXES } from '../operators/operator-types.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import { variantBreak } from '../oracles/variant-breaks.ts';
import { operatorPlan } from '../traffic/operator-plan.ts';
import { plantFaults, startBench, type Bench } from './support/check-bench.ts';

describe('the run plan of operator variants', () => {
  const { plan, budget } = operatorPlan({ readOnly: false });
  const essential = (p: typeof plan) => p.variants.filter((v) => v.essential);

  it('keeps the budget beside the essential variants, the same in every process', () => {
    expect(plan.variants.length - essential(plan).length).toBeLessThanOrEqual(budget.requests);
    expect(budget.requests).toBe(900);
    const again = operatorPlan({ readOnly: false, maxRps: undefined });
    expect(again.plan.shares).toEqual(plan.shares);
  });

  it('sends every essential variant whatever the budget: the documented path and plain spellings of every route for every sender, HEAD of every GET', () => {
    const thin = operatorPlan({ readOnly: false, maxRps: 0.01 });
    expect(thin.budget.requests).toBe(AXES.length);
    expect(essential(thin.plan).length).toBe(essential(plan).length);
    for (const route of loadRouteTable())
      for (const sender of sendersOf(route)) {
        const names = thin.plan.variants
          .filter((v) => v.axis === 'path-spelling' && v.sender === sender && v.request.intent.operationId === route.operationId)
          .map((v) => v.name);
        expect(names, `${route.operationId} ${sender}`).toEqual(
          expect.arrayContaining(['the path as documented', 'a trailing slash', 'a doubled slash before the last segment']),
        );
      }
    const head = thin.plan.perAxis.find((a) => a.axis === 'head')!;
    expect(head.planned).toBe(head.generated);
    expect(plan.perAxis.map((a) => a.axis)).toEqual(AXES.filter((axis) => plan.perAxis.some((a) => a.axis === axis)));
  });

  it('names the senders each rule judges on a route: its own, the key that may for altered keys and the hierarchies', () => {
    const p = operatorPlan({ readOnly: false });
    expect(p.sendersFor('scope', 'listFiles')).toEqual(['lacking']);
    expect(p.sendersFor('auth', 'listFiles')).toEqual(['none', 'lacking', 'holder']);
    expect(p.sendersFor('bucket-limits', 'listFiles')).toEqual(['barred']);
    expect(p.sendersFor('robustness', 'listFiles')).toEqual(['holder']);
    expect(p.sendersFor('file-hierarchy', 'updateFile')).toEqual(['holder']);
    expect(p.sendersFor('workspace-hierarchy', 'listFiles')).toEqual(['holder']);
  });

  it('scales with a published rate limit, and leaves writes out of a read-only run', () => {
    expect(operatorPlan({ readOnly: false, maxRps: 20 }).budget.requests).toBe(3600);
    const readOnly = operatorPlan({ readOnly: true });
    const writing = new Set(
      loadRouteTable()
        .filter((r) => r.mutates)
        .map((r) => r.operationId),
    );
    expect(readOnly.plan.variants.some((v) => writing.has(v.request.intent.operationId))).toBe(false);
  });
});

/** A served exchange of a barred key's variant. */
function view(url: string, text: string, conforming: 'refusal' | 'refusal-or-canonical' | 'no-5xx', status = 200): ExchangeView {
  const entry = { url, text, status, intent: { operationId: 'listFiles', variant: 'v', conforming } } as unknown as LoggedExchange;
  return { entry, operations: ['listFiles'], params: {}, served: isSuccess(status) };
}

describe('a served variant of a key barred from the other bucket', () => {
  const base = 'https://api.example.com/api/v1/workspaces/ws1/buckets';
  const markers = { all: () => [{ value: 'file_of_other_1', what: 'a test file of the other bucket', kind: 'value' as const }] };

  it('breaks the rule when a conforming server refuses it and the path names the other bucket, however spelled', () => {
    expect(variantBreak(view(`${base}/bkt_other/FILES`, '{}', 'refusal'), 'bkt_other', markers)).toMatch(/naming the other bucket/);
    expect(variantBreak(view(`${base}/%62kt_other/files`, '{}', 'refusal'), 'bkt_other', markers)).toMatch(/naming the other bucket/);
    expect(variantBreak(view(`${base}/bkt_allowed/files/file_of_other_1`, '{}', 'refusal'), 'bkt_other', markers)).toMatch(
      /file_of_other_1/,
    );
  });

  it('breaks it when a 2xx it may get as the canonical answer holds the other bucket id', () => {
    const moved = JSON.stringify({ id: 'f1', bucketId: 'bkt_other' });
    expect(variantBreak(view(`${base}/bkt_allowed/files?bucketId=bkt_other`, moved, 'refusal-or-canonical'), 'bkt_other', markers)).toMatch(
      /holds the other bucket's id/,
    );
  });

  it('passes every answer a conforming server may give', () => {
    const own = JSON.stringify({ data: [{ id: 'f1', bucketId: 'bkt_allowed' }] });
    const cases = [
      view(`${base}/bkt_other/files`, '{"error":"forbidden"}', 'refusal', 403),
      view(`${base}/bkt_other/files`, '', 'refusal', 302),
      view(`${base}/bkt_allowed/files;v=1`, own, 'refusal'),
      view(`${base}/bkt_allowed/files?bucketId=bkt_other`, own, 'refusal-or-canonical'),
      view(`${base}/bkt_other/files`, '{"x":"bkt_other"}', 'no-5xx'),
    ];
    for (const c of cases) expect(variantBreak(c, 'bkt_other', markers), c.entry.url).toBeUndefined();
  });
});

describe('credentials a deployment handed out', () => {
  it('are redacted once learned, in any text and URL-encoded', () => {
    const redact = extendableRedactor(createRedactor([{ env: 'BK_KEY', token: 'bk_live_0123456789abcdef' }]));
    expect(redact('Cookie: sid=s3ss10n+value')).toBe('Cookie: sid=s3ss10n+value');
    redact.add!({ env: 'credential sid', token: 's3ss10n+value' });
    expect(redact('Cookie: sid=s3ss10n+value; ?t=s3ss10n%2Bvalue')).toBe(
      'Cookie: sid=[redacted credential sid]; ?t=[redacted credential sid]',
    );
    expect(redact('Bearer bk_live_0123456789abcdef')).toBe('Bearer [redacted $BK_KEY]');
    expect(redact.leaks('s3ss10n+value')).toBe(true);
  });
});

const FAST = { overrides: { consistencyWindowMs: 300 } };

/** Runs the checks on a fresh bench (what the run has seen is read once per bench) with the faults planted. */
async function runOn(faults: string[], ids: string[]) {
  const bench: Bench = await startBench();
  try {
    await plantFaults(bench, faults);
    return await bench.run(ids, FAST);
  } finally {
    await bench.close();
  }
}

describe('the oracle checks on the mock', () => {
  it('pass on the correct mock', async () => {
    const outcomes = await runOn([], ['ORACLE-bucket-limits-listFiles', 'ORACLE-auth-listWorkspaces']);
    expect(outcomes['ORACLE-bucket-limits-listFiles']).toMatchObject({ status: 'pass' });
    expect(outcomes['ORACLE-auth-listWorkspaces']).toMatchObject({ status: 'pass' });
  }, 120_000);

  it("fail ORACLE-bucket-limits-listFiles on a mock resuming the other bucket's listing from its cursor", async () => {
    const outcomes = await runOn(['cursor-crosses-buckets'], ['ORACLE-bucket-limits-listFiles']);
    expect(outcomes['ORACLE-bucket-limits-listFiles']).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/cursor|next page/),
    });
  }, 120_000);

  it('fail ORACLE-auth on a mock taking back its session cookie alone, the cookie redacted', async () => {
    const outcomes = await runOn(['session-cookie-accepted'], ['ORACLE-auth-listWorkspaces']);
    const failed = outcomes['ORACLE-auth-listWorkspaces'];
    expect(failed).toMatchObject({ status: 'fail', message: expect.stringMatching(/cookie/) });
    expect(failed.status === 'fail' && failed.curl).toMatch(/\[redacted credential /);
  }, 120_000);
});
