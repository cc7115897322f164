// The other bucket's markers are found as values: a short or numeric id only
// where it stands as an id (never inside a timestamp, a size, a count or a
// longer id), a long id or path as a whole value, path segment, query value
// or token, and a marker word inside any string; an id the request carried is
// no leak.
import { describe, expect, it } from 'vitest';
import { OtherBucketMarkers, shownMarker, type Marker } from '../oracles/markers.ts';
import { indexText, isIdName } from '../oracles/value-index.ts';

const id = (value: string): Marker => ({ value, what: `id ${value}`, kind: 'value' });
const word = (value: string): Marker => ({ value, what: `word ${value}`, kind: 'word' });
const shows = (marker: Marker, answer: unknown) =>
  shownMarker([marker], typeof answer === 'string' ? answer : JSON.stringify(answer)) !== undefined;

describe('markers match values, not substrings', () => {
  it('finds a numeric id only where it stands as an id', () => {
    const twenty = id('20');
    for (const at of [
      { id: '20' },
      { id: 20 },
      { data: [{ fileId: 20 }] },
      { fileIds: [3, 20] },
      { file_id: '20' },
      { citations: [{ url: 'https://h.test/api/v1/workspaces/1/buckets/2/files/20?token=x' }] },
      { href: '/api/v1/x?fileId=20' },
    ])
      expect(shows(twenty, at), JSON.stringify(at)).toBe(true);
    for (const not of [
      { createdAt: '2024-10-20T13:20:20Z' },
      { size: 1200, count: 20, total: 20 },
      { id: '120' },
      { id: 201 },
      { description: 'about 20 files' },
      { bucketId: '20', workspaceId: 20 },
      { page: '20', next: '/api/v1/x?page=20' },
      { tags: ['20'] },
    ])
      expect(shows(twenty, not), JSON.stringify(not)).toBe(false);
    expect(shows(twenty, 'plain text naming 20 and 2020')).toBe(false);
  });

  it('finds a long id or a path as a whole value, a path segment, a query value or a token of prose', () => {
    const long = id('file_0b6e4d3c9a');
    expect(shows(long, { items: [{ id: 'file_0b6e4d3c9a' }] })).toBe(true);
    expect(shows(long, { answer: 'See file_0b6e4d3c9a.' })).toBe(true);
    expect(shows(long, { url: 'https://h.test/__downloads/file_0b6e4d3c9a?token=1' })).toBe(true);
    expect(shows(long, 'not JSON: file_0b6e4d3c9a, twice')).toBe(true);
    expect(shows(long, { id: 'file_0b6e4d3c9a1' })).toBe(false);
    const path = id('bucketkit-conformance/run1/t/x.txt');
    expect(shows(path, { path: 'bucketkit-conformance/run1/t/x.txt' })).toBe(true);
    expect(shows(path, { next: '/api/v1/f?prefix=bucketkit-conformance%2Frun1%2Ft%2Fx.txt' })).toBe(true);
    expect(shows(path, { detail: 'Moved bucketkit-conformance/run1/t/x.txt to the trash' })).toBe(true);
    expect(shows(path, { path: 'bucketkit-conformance/run1/t/x.txt.bak' })).toBe(false);
  });

  it('finds a marker word inside any string value, and in text that is not JSON', () => {
    expect(shows(word('zfqwertyuiop'), { data: [{ description: 'About zfqwertyuiop figures' }] })).toBe(true);
    expect(shows(word('zfqwertyuiop'), 'Quoting zfqwertyuiop-mfx.txt')).toBe(true);
    expect(shows(word('zfqwertyuiop'), { zfqwertyuiop: 'a key is no value' })).toBe(false);
  });

  it('does not count an id the request carried, in its path, query or body', () => {
    const markers = new OtherBucketMarkers();
    markers.addId(20, 'the id of a test file');
    markers.addId('', 'nothing');
    markers.addWord('abc', 'too short to be looked for');
    expect(markers.all()).toEqual([{ value: '20', what: 'the id of a test file', kind: 'value' }]);
    const answer = JSON.stringify({ error: { fileId: '20' } });
    expect(markers.shownIn(answer, { url: 'https://h.test/api/v1/workspaces/1/buckets/2/files/20' })).toBeUndefined();
    expect(markers.shownIn(answer, { url: 'https://h.test/api/v1/x', body: JSON.stringify({ fileIds: [20] }) })).toBeUndefined();
    expect(markers.shownIn(answer, { url: 'https://h.test/api/v1/workspaces/1/buckets/2/files/120' })?.value).toBe('20');
  });

  it('reads id names as servers spell them, and never a bucket or workspace id as a resource id', () => {
    for (const name of ['id', 'fileId', 'file_id', 'fileIds', 'file_ids', 'ID', 'parentID']) expect(isIdName(name), name).toBe(true);
    for (const name of ['bucketId', 'workspace_id', 'bucketIds', 'idea', 'valid', 'size', 'paid']) expect(isIdName(name), name).toBe(false);
    expect(indexText('{"a":').prose).toBe('{"a":');
  });
});
