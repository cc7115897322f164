// The body, values and sizes axes' own pieces: the JSON texts the body-parser
// axis writes, the spellings of a name and of a value, and the batch sizes
// read from a list's limits; and that each axis's variants come from the
// contract for every route it applies to.
import { describe, expect, it } from 'vitest';
import { escapedName, textWith } from '../operators/body-parser.ts';
import { spellingsOf } from '../operators/field-spelling.ts';
import { formsOf } from '../operators/value-forms.ts';
import { batchSizesOf } from '../operators/batch-sizes.ts';
import { loadContract } from '../operators/contract-fields.ts';
import { operatorOf } from '../operators/catalogue.ts';
import { inputFor, sampleSeen } from './operators-inputs.ts';

describe('the body, values and sizes axes', () => {
  it('write a member twice, the last copy being what JSON.parse reads, and a name with an escape that parses to it', () => {
    const text = textWith({ a: 1, destination: { bucketId: 'mine', prefix: 'p/' } }, ['destination', 'bucketId'], (n, v) =>
      [JSON.stringify(n), ':', JSON.stringify(v), ',', JSON.stringify(n), ':"theirs"'].join(''),
    );
    expect(text).toBe('{"a":1,"destination":{"bucketId":"mine","bucketId":"theirs","prefix":"p/"}}');
    expect(JSON.parse(text).destination.bucketId).toBe('theirs');
    expect(JSON.parse(`{${escapedName('bucketId')}:1}`)).toEqual({ bucketId: 1 });
    expect(escapedName('bucketId')).not.toContain('bucketId');
  });

  it('spell a name as the contract does not, and a value in forms other than itself', () => {
    expect(spellingsOf('bucketId').map(([p]) => p.join('.'))).toEqual([
      'bucket_id',
      'BucketId',
      'bucketID',
      'bucket-id',
      'bucket.id',
      'bucket.id',
    ]);
    const forms = formsOf('bkt_Ask1').map(([f]) => f);
    expect(forms).not.toContain('bkt_Ask1');
    expect(forms.map((f) => f.normalize('NFKC').trim().toLowerCase())).toContain('bkt_ask1');
    expect(new Set(forms).size).toBe(forms.length);
  });

  it('take batch sizes on both sides of each threshold: the page size and maxItems', () => {
    expect(batchSizesOf(100, [50, 50, 1000])).toEqual([50, 51, 100, 101]);
    expect(batchSizesOf(50, [50])).toEqual([50, 51]);
  });

  it('make variants on the routes they apply to, from the contract', () => {
    const contract = loadContract();
    const seen = sampleSeen();
    for (const axis of ['body-parser', 'field-spelling', 'id-forms', 'filter-values', 'batch-sizes'] as const) {
      const op = operatorOf(axis);
      for (const sender of op.senders) {
        const routes = contract.routes.filter((r) => op.applies(r, sender, contract));
        expect(routes.length, `${axis} applies to no route for ${sender}`).toBeGreaterThan(0);
        const variants = routes.flatMap((r) => op.variants(inputFor(contract, seen, r, sender)));
        expect(variants.length, `${axis} makes no variant for ${sender}`).toBeGreaterThan(0);
        expect(variants.every((v) => v.axis === axis && v.sender === sender && !v.essential)).toBe(true);
      }
    }
  });
});
