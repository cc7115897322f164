// File listing: prefix, tag, search and semantic=1 (the G24 ranking) combined
// with AND, and cursor paging that stays stable while files are added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockClient, type MockClient } from './support/mock-client.ts';

let mock: MockClient;
let full: string;
let base: string;
let everything: any[];

const list = async (query: string) => (await mock.call(`${base}/files?${query}`, { key: full })).body;

beforeAll(async () => {
  mock = await startMockClient();
  full = mock.server.app.presetKeys.full;
  base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
  everything = (await list('limit=1000')).data;
});
afterAll(() => mock.close());

describe('file listing filters', () => {
  it('lists every file of the bucket in path order', () => {
    expect(everything.length).toBeGreaterThan(50);
    expect(everything.map((f) => f.path)).toEqual(everything.map((f) => f.path).sort());
  });

  it('prefix keeps exactly the files whose path starts with it', async () => {
    const prefix = everything[10].path.slice(0, everything[10].path.indexOf('/') + 1);
    expect((await list(`limit=1000&prefix=${encodeURIComponent(prefix)}`)).data).toEqual(
      everything.filter((f) => f.path.startsWith(prefix)),
    );
  });

  it('tag keeps exactly the files carrying the tag', async () => {
    const tag = everything.find((f) => f.tags.length > 0).tags[0];
    const tagged = (await list(`limit=1000&tag=${tag}`)).data;
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged).toEqual(everything.filter((f) => f.tags.includes(tag)));
  });

  it('search is a case-insensitive substring of path, description or tags, and filters combine with AND', async () => {
    const hits = (await list('limit=1000&search=REPORT')).data;
    const expected = everything.filter((f) =>
      [f.path, f.description ?? '', ...f.tags].some((t: string) => t.toLowerCase().includes('report')),
    );
    expect(hits).toEqual(expected);
    const prefix = everything[0].path.slice(0, everything[0].path.indexOf('/') + 1);
    expect((await list(`limit=1000&search=report&prefix=${encodeURIComponent(prefix)}`)).data).toEqual(
      expected.filter((f) => f.path.startsWith(prefix)),
    );
  });

  it('semantic=1 ranks by the G24 score (tag words count double), ties by path', async () => {
    const query = 'revenue report q3';
    const words = query.split(' ');
    const tokens = (s: string) =>
      s
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
    const score = (f: any) => {
      const tagWords = new Set(f.tags.flatMap(tokens));
      const text = new Set([...tokens(f.path), ...tokens(f.description ?? '')]);
      return words.reduce((sum, w) => sum + (tagWords.has(w) ? 2 : text.has(w) ? 1 : 0), 0) / (2 * words.length);
    };
    const expected = everything
      .map((f) => ({ id: f.id, path: f.path, score: score(f) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
    const ranked = (await list(`limit=1000&semantic=1&search=${encodeURIComponent(query)}`)).data;
    expect(ranked.map((f: any) => [f.id, f.score])).toEqual(expected.map((r) => [r.id, r.score]));
  });
});

describe('cursor paging', () => {
  it('walks the whole listing page by page, ending with a null cursor', async () => {
    const walked: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list(`limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(7);
      walked.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(everything);
  });

  it('stays stable when a file is added before the cursor', async () => {
    const first = await list('limit=5');
    const offer = await mock.call(`${base}/files/presign-upload`, {
      key: full,
      body: { path: '0000-first.txt', contentType: 'text/plain', size: 1 },
    });
    await fetch(offer.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: '!' });
    const second = await list(`limit=5&cursor=${first.nextCursor}`);
    expect(second.data).toEqual(everything.slice(5, 10));
  });
});
