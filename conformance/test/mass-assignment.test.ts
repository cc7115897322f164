// The mass-assignment checks (core, bucket-limits): every writing route sent
// properties it does not offer passes when the server refuses them (the
// mock's strict bodies) or ignores them, and fails when it applies them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { planChecks } from '../plan/planner.ts';
import { notPassed, startBench, withFaults as plantedFor, withRule, type Bench } from './support/check-bench.ts';
import { independentImplementation } from './support/other-servers.ts';
import { patchApplies } from './support/mass-rules.ts';

const MASS = ['updateFile', 'presignUpload', 'moveFiles', 'updateIntelligence', 'createAutomation', 'createSuggestion'].map(
  (op) => `BUCKET-${op}-mass-assignment`,
);
// The embedded mock shows every write at once: a short window keeps the watch for a late change short.
const fast = { overrides: { consistencyWindowMs: 800 } };

describe('mass assignment on every writing route', () => {
  let bench: Bench;
  const withFaults = <T>(faults: string[], body: () => Promise<T>): Promise<T> => plantedFor(bench, faults, body);

  beforeAll(async () => {
    bench = await startBench();
  }, 60_000);
  afterAll(async () => bench?.close());

  it('are core bucket-limits checks, sent by a key barred from the other bucket when the config has one', () => {
    const defs = generateChecks(loadRouteTable(), bench.settings.keys, {}).filter((d) => MASS.includes(d.id));
    expect(defs.map((d) => d.id).sort()).toEqual([...MASS].sort());
    for (const def of defs) expect(def, def.id).toMatchObject({ area: 'bucket-limits', level: 'core', writes: true });
    const planned = planChecks(defs, bench.settings);
    // "restricted" holds every scope but reaches only the allowed bucket; the one-scope keys reach both.
    for (const p of planned) expect(p.keys.writer, p.def.id).toEqual(['restricted']);
    const unrestricted = bench.settings.keys.filter((k) => k.name !== 'restricted');
    for (const p of planChecks(defs, { ...bench.settings, keys: unrestricted })) expect(p.status, p.def.id).toBe('run');
  });

  it('pass when the server refuses the properties, ignores them, or is an independent implementation', async () => {
    const refused = await bench.run(MASS, fast);
    expect(notPassed(refused)).toEqual({});
    for (const id of MASS) expect(refused[id], id).toEqual({ status: 'pass', note: 'refused (422)' });
    const ignored = await withFaults(['unknown-fields-ignored'], () => bench.run(MASS, fast));
    for (const id of MASS) expect(ignored[id], id).toEqual({ status: 'pass', note: 'served with the properties ignored' });
    const target = { ...bench.settings.buckets, fullToken: bench.token('full') };
    expect(notPassed(await withRule(bench, independentImplementation(target), () => bench.run(MASS, fast)))).toEqual({});
  }, 120_000);

  it('fail a file PATCH that applies bucketId, path and size, naming the bucket it moved into', async () => {
    const outcomes = await withFaults(['patch-mass-assignment'], () => bench.run(MASS, fast));
    expect(outcomes['BUCKET-updateFile-mass-assignment']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(`served (200), yet bucket ${bench.settings.buckets.other} lists it`),
    });
    expect(notPassed(outcomes)).toEqual({ 'BUCKET-updateFile-mass-assignment': expect.any(String) });
  }, 60_000);

  it("fail a file PATCH that changes the file's size, or hides it as trashed, in its own bucket", async () => {
    const id = 'BUCKET-updateFile-mass-assignment';
    const sized = await withRule(bench, patchApplies('size'), () => bench.run([id], fast));
    expect(sized[id]).toMatchObject({ status: 'fail', message: expect.stringMatching(/served \(200\), yet its size went from \d+ to 1/) });
    const hidden = await withRule(bench, patchApplies('status'), () => bench.run([id], fast));
    expect(hidden[id]).toMatchObject({ status: 'fail', message: expect.stringContaining('no longer lists it at') });
  }, 60_000);

  it('fail writes that act in the bucket the body names', async () => {
    const outcomes = await withFaults(['writes-take-body-bucket-id'], () => bench.run(MASS, fast));
    const other = bench.settings.buckets.other;
    for (const id of MASS.filter((i) => i !== 'BUCKET-updateFile-mass-assignment'))
      expect(outcomes[id], id).toMatchObject({ status: 'fail', message: expect.stringContaining(`bucket ${other}`) });
    expect(outcomes['BUCKET-updateFile-mass-assignment'].status).toBe('pass');
  }, 60_000);
});
