// How the run found each listing route answering (where its items were, how
// it paged, how many listings could not be read to their end), as summary.md
// and the console say it, and as a shard merge joins it.
import type { ListingShape } from '../listing/shape-book.ts';

/** One phrase per route: `data; Link rel="next"; 12 page(s)`, and the unfinished reads with the last reason. */
function phrase(shape: ListingShape): string {
  const unfinished = shape.unfinished ? `; ${shape.unfinished} read(s) not to their end (${shape.unfinishedWhy})` : '';
  return `items in ${shape.items}; ${shape.paging}; ${shape.pages} page(s)${unfinished}`;
}

/** The summary.md section: one bullet per listing route. */
export function listingShapesSection(shapes: Record<string, ListingShape> | undefined): string[] {
  if (!shapes || Object.keys(shapes).length === 0) return [];
  return [
    '## Listing shapes',
    '',
    'How each listing route answered, as the run read it (the seed states no bodies and no paging; the suite reads any).',
    '',
    ...Object.entries(shapes).map(([route, shape]) => `- \`${route}\`: ${phrase(shape).replace(/\|/g, '\\|')}`),
    '',
  ];
}

/** The console lines: one per listing route. */
export function listingShapesLines(shapes: Record<string, ListingShape> | undefined): string[] {
  if (!shapes || Object.keys(shapes).length === 0) return [];
  return ['listing shapes seen:', ...Object.entries(shapes).map(([route, shape]) => `  ${route}: ${phrase(shape)}`)];
}

/** The shapes of several shards' summaries as one: each route's first description, pages and unfinished reads summed. */
export function mergeListingShapes(parts: (Record<string, ListingShape> | undefined)[]): Record<string, ListingShape> | undefined {
  const merged: Record<string, ListingShape> = {};
  for (const shapes of parts)
    for (const [route, shape] of Object.entries(shapes ?? {})) {
      const known = merged[route];
      if (!known) merged[route] = { ...shape };
      else {
        known.pages += shape.pages;
        if (shape.unfinished)
          merged[route] = { ...known, unfinished: (known.unfinished ?? 0) + shape.unfinished, unfinishedWhy: shape.unfinishedWhy };
      }
    }
  return Object.keys(merged).length ? merged : undefined;
}
