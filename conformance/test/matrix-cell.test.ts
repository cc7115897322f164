// One cell of the authorization matrix: what a key's declared scopes and
// bucketIds call for, how the statuses met are counted, and the verdict.
import { describe, expect, it } from 'vitest';
import { cellVerdict, expectedAnswer, observe, observedText, type MatrixKey, type Observed } from '../report/matrix-cell.ts';

const reader: MatrixKey = { name: 'reader', scopes: ['workspaces:read', 'files:read'], bucketIds: null };
const narrow: MatrixKey = { name: 'narrow', scopes: ['files:read', 'files:write'], bucketIds: ['bkt_a'] };

describe('a cell', () => {
  it('expects allow when the key holds the scope and reaches the bucket, deny with every cause otherwise', () => {
    expect(expectedAnswer(reader, { scope: 'files:read' }, 'bkt_b')).toEqual({ expected: 'allow' });
    expect(expectedAnswer(narrow, { scope: 'files:read' }, 'bkt_b')).toEqual({ expected: 'deny', denyBecause: ['bucket'] });
    expect(expectedAnswer(narrow, { scope: 'agent:run' }, 'bkt_b')).toEqual({ expected: 'deny', denyBecause: ['scope', 'bucket'] });
    // A route without a bucket: bucketIds do not apply.
    expect(expectedAnswer(narrow, { scope: 'files:read' }, undefined)).toEqual({ expected: 'allow' });
    expect(expectedAnswer(reader, { scope: 'files:upload', agentForbidden: true }, 'bkt_a').denyBecause).toEqual([
      'scope',
      'agent-forbidden',
    ]);
    expect(expectedAnswer({ ...reader, scopes: ['files:upload'] }, { scope: 'files:upload', agentForbidden: true }, 'bkt_a')).toEqual({
      expected: 'deny',
      denyBecause: ['agent-forbidden'],
    });
  });

  it('groups successes as 2xx and counts every other status apart', () => {
    const observed: Observed = {};
    for (const status of [404, 200, 403, 201, 404, 204]) observe(observed, status);
    expect(observed).toEqual({ '2xx': 3, '403': 1, '404': 2 });
    expect(observedText(observed)).toBe('2xx ×3, 403, 404 ×2');
  });

  it('is broken by a single 2xx where deny is expected, whatever else it met', () => {
    expect(cellVerdict('deny', { '403': 7, '2xx': 1 })).toBe('broken');
    expect(cellVerdict('deny', { '2xx': 1 }, true)).toBe('broken');
  });

  it('is proved by a 2xx where allow is expected, and by refusals only where deny is', () => {
    expect(cellVerdict('allow', { '2xx': 1, '404': 3 })).toBe('proved');
    expect(cellVerdict('deny', { '403': 2, '404': 1 })).toBe('proved');
  });

  it('is never broken by refusals where allow is expected: refused (or unserved when the route is not served)', () => {
    expect(cellVerdict('allow', { '403': 2, '422': 1 })).toBe('refused');
    expect(cellVerdict('allow', { '404': 2 }, true)).toBe('unserved');
    expect(cellVerdict('deny', { '404': 2 }, true)).toBe('unserved');
  });

  it('is unproved when no exchange went there', () => {
    expect(cellVerdict('allow', {})).toBe('unproved');
    expect(cellVerdict('deny', {})).toBe('unproved');
  });
});
