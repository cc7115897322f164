// How the listing shapes a run saw reach its reports: a summary.md section and
// console lines per listing route, and one set from a sharded run's parts.
import { describe, expect, it } from 'vitest';
import { listingShapesLines, listingShapesSection, mergeListingShapes } from '../report/listing-shapes-text.ts';
import { ShapeBook } from '../listing/shape-book.ts';

describe('listing shapes in the reports', () => {
  it('names, per route, where the items were, how it paged, the pages read and the reads not finished', () => {
    const book = new ShapeBook();
    book.page('listFiles', ['data'], 2);
    book.followed('listFiles', 'body meta.next_token', 'page_token');
    book.page('listFiles', ['data'], 1);
    book.unfinished('listFiles', 'page 1 holds 2 items, as many as limit=2 asked');
    book.page('listWorkspaces', [], 1);
    book.ended('listWorkspaces', 'a Link header without rel="next"');
    // An operation read once without items (a single resource) is no listing.
    book.page('getIntelligence', undefined, 0);
    const shapes = book.shapes((op) => `GET ${op}`);
    expect(shapes).toEqual({
      'GET listFiles': {
        items: 'data',
        paging: 'body meta.next_token sent back as ?page_token=',
        pages: 2,
        unfinished: 1,
        unfinishedWhy: 'page 1 holds 2 items, as many as limit=2 asked',
      },
      'GET listWorkspaces': {
        items: '(bare array)',
        paging: 'every read fit on one page, its end marked by a Link header without rel="next"',
        pages: 1,
      },
    });
    expect(listingShapesSection(shapes)).toContain(
      '- `GET listFiles`: items in data; body meta.next_token sent back as ?page_token=; 2 page(s); 1 read(s) not to their end (page 1 holds 2 items, as many as limit=2 asked)',
    );
    expect(listingShapesLines(shapes)[0]).toBe('listing shapes seen:');
    expect(listingShapesSection({})).toEqual([]);
  });

  it('merges the shards: the first description per route, pages and unfinished reads summed', () => {
    const a = { 'GET /x': { items: 'data', paging: 'p1', pages: 3 } };
    const b = {
      'GET /x': { items: 'data', paging: 'p2', pages: 2, unfinished: 1, unfinishedWhy: 'why' },
      'GET /y': { items: 'items', paging: 'p', pages: 1 },
    };
    expect(mergeListingShapes([a, undefined, b])).toEqual({
      'GET /x': { items: 'data', paging: 'p1', pages: 5, unfinished: 1, unfinishedWhy: 'why' },
      'GET /y': { items: 'items', paging: 'p', pages: 1 },
    });
    expect(mergeListingShapes([undefined])).toBeUndefined();
  });
});
