// KEY-<name>-as-declared: every declared scope is proven on a valid call that
// leaves nothing behind, every undeclared one is refused, bucketIds reach
// exactly the named buckets; a misdeclared key fails its KEY check, and a
// --read-only run says which declarations it could not prove.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBench, type Bench } from './support/check-bench.ts';

describe('KEY checks', () => {
  let bench: Bench;

  beforeAll(async () => {
    bench = await startBench([
      // Declares files:write, holds only files:read (the key the issue describes).
      { name: 'claims-write', scopes: ['files:read'], declared: ['files:read', 'files:write'], bucketIds: null },
      // Holds files:delete without declaring it.
      { name: 'hides-delete', scopes: ['files:read', 'files:delete'], declared: ['files:read'], bucketIds: null },
      // Declares a write scope whose only route creates what the API cannot delete.
      { name: 'claims-suggest', scopes: ['files:read'], declared: ['files:read', 'suggestions:write'], bucketIds: null },
      // Declares one bucket, reaches every bucket.
      { name: 'claims-one-bucket', scopes: ['files:read'], declared: ['files:read'], bucketIds: null },
    ]);
    const restricted = bench.settings.keys.find((k) => k.name === 'claims-one-bucket')!;
    restricted.bucketIds = [bench.settings.buckets.allowed];
  }, 60_000);
  afterAll(async () => bench?.close());

  it('passes every correctly declared key, each scope proven', async () => {
    const ids = [
      'full',
      'readonly',
      'restricted',
      'only-files-write',
      'only-files-upload',
      'only-intelligence-write',
      'only-automations-write',
    ];
    const outcomes = await bench.run(ids.map((k) => `KEY-${k}-as-declared`));
    // The scopes only G05's routes need are the register's assumption: a key's answer there proves nothing of it.
    const assumedOnly = /^not proven: holding shares:read, transfers:read \(only routes whose scope the seed leaves open need it/;
    for (const [id, outcome] of Object.entries(outcomes)) {
      expect(outcome.status, id).toBe('pass');
      if ('note' in outcome) expect(outcome.note, id).toMatch(assumedOnly);
    }
  }, 60_000);

  it('fails a key that lacks a scope it declares, naming the route and the scope', async () => {
    const outcomes = await bench.run(['KEY-claims-write-as-declared', 'KEY-claims-suggest-as-declared']);
    expect(outcomes['KEY-claims-write-as-declared']).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/a 2xx answer on PATCH \S+\/files\/\{fileId\} \(the key declares files:write\)/),
    });
    expect(outcomes['KEY-claims-suggest-as-declared']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('declares suggestions:write'),
    });
  }, 60_000);

  it('fails a key that holds a scope it does not declare', async () => {
    const outcomes = await bench.run(['KEY-hides-delete-as-declared']);
    expect(outcomes['KEY-hides-delete-as-declared']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'a refusal on POST /workspaces/{workspaceId}/buckets/{bucketId}/files/trash (the key does not declare files:delete)',
      ),
    });
  }, 60_000);

  it('fails a key that reaches a bucket its bucketIds leave out', async () => {
    const outcomes = await bench.run(['KEY-claims-one-bucket-as-declared']);
    expect(outcomes['KEY-claims-one-bucket-as-declared']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(`in bucket ${bench.settings.buckets.other} (its bucketIds leave it out)`),
    });
  }, 60_000);

  it('in a --read-only run, proves what GETs can and names every declaration it could not prove', async () => {
    const outcomes = await bench.run(['KEY-claims-write-as-declared', 'KEY-only-files-upload-as-declared'], { readOnly: true });
    expect(outcomes['KEY-claims-write-as-declared']).toMatchObject({
      status: 'pass',
      note: expect.stringContaining('holding files:write'),
    });
    expect(outcomes['KEY-claims-write-as-declared']).toMatchObject({ note: expect.stringContaining('--read-only') });
    expect(outcomes['KEY-only-files-upload-as-declared']).toMatchObject({
      status: 'pass',
      note: expect.stringMatching(
        /not proven: holding files:upload; lacking [^(]*files:write[^(]* \(only writing routes need it, and --read-only sends none\)/,
      ),
    });
  }, 60_000);
});
