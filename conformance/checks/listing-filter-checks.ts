// The seed's two filters judged exactly (core), on every page of a listing
// read in pages of two: prefix means "begins with", case-sensitively, whatever
// the prefix's shape (a folder, a cut mid-segment or mid-name, characters a
// pattern reading treats specially); tag means carrying exactly that tag.
import type { CheckRun } from '../plan/check-types.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';
import type { GeneratorContext } from './generator-context.ts';
import { listingCheck } from './listing-checks.ts';
import { NotProven } from './oracle-checks.ts';
import { expectListed, listInSmallPages, notesOf, type PagedListing } from './listing-pages.ts';

const fx = (ctx: CheckRun) => ctx.fixtures.listing!;

/** Every file of the listing part (the folder, the files outside it, the literal ones). */
const everyFile = (ctx: CheckRun): FixtureFile[] => [...fx(ctx).files, ...fx(ctx).outside, ...fx(ctx).literal.files];

/** Lists with a prefix in small pages and judges every page against "begins with". */
async function judgePrefix(ctx: CheckRun, prefix: string, what: string): Promise<PagedListing> {
  const expected = everyFile(ctx)
    .map((f) => f.path)
    .filter((p) => p.startsWith(prefix));
  const listing = await listInSmallPages(ctx, { prefix }, (f) => !f.path.startsWith(prefix));
  expectListed(listing, expected, what);
  return listing;
}

/** The listing filter checks. */
export function listingFilterChecks(g: GeneratorContext): ReturnType<typeof listingCheck>[] {
  return [
    // Decoys: the same letters in another case, a path holding the prefix later on, and red0.txt, the next path in
    // the bucket, which a filter dropped after the first page lists on the second.
    listingCheck(
      'LIST-prefix-honoured',
      'with prefix lists only files whose path begins with it, case-sensitively, on every page',
      'core',
      g,
      async (ctx) => {
        const prefix = `${fx(ctx).prefix}red/`;
        return notesOf([await judgePrefix(ctx, prefix, `exactly the files under ${prefix}`)]);
      },
    ),
    // A server that cuts a prefix back to its last '/' (or reads it as a folder name) lists the whole folder.
    listingCheck(
      'LIST-prefix-partial-segment',
      'with a prefix that ends mid-segment or mid-name lists exactly the paths that begin with it, not the folder around it',
      'core',
      g,
      async (ctx) => {
        const listings: PagedListing[] = [];
        for (const prefix of [`${fx(ctx).prefix}re`, `${fx(ctx).prefix}red/on`])
          listings.push(await judgePrefix(ctx, prefix, `exactly the files whose path begins with ${prefix}`));
        return notesOf(listings);
      },
    ),
    listingCheck(
      'LIST-prefix-literal-characters',
      'with a prefix holding . * ? + [ ( or % lists the paths that begin with those very characters, as a plain string',
      'core',
      g,
      async (ctx) => {
        const { cases, refused } = fx(ctx).literal;
        const listings: PagedListing[] = [];
        const unproven: string[] = [];
        for (const c of cases) {
          // A case whose files the deployment would not take cannot tell a literal reading from another one.
          if (refused.some((r) => r.path === c.file || r.path === c.decoy)) {
            unproven.push(c.char);
            continue;
          }
          listings.push(await judgePrefix(ctx, c.prefix, `only the paths beginning with ${c.prefix} (not what ${c.reading} lists)`));
        }
        const why = refused.map((r) => `${r.path}: ${r.why}`).join('; ');
        if (listings.length === 0) throw new NotProven(`the deployment took no path holding these characters (${why})`);
        const notes = [notesOf(listings), unproven.length ? `not proven for ${unproven.join(' ')} (${why})` : undefined];
        return notes.filter(Boolean).join('; ') || undefined;
      },
    ),
    // Decoys: tags holding the queried tag inside them (a "2" after it, an "x" before it), and red0.txt, untagged,
    // the next path after the second tagged file.
    listingCheck('LIST-tag-honoured', 'with tag lists only files carrying exactly that tag, on every page', 'core', g, async (ctx) => {
      const tag = fx(ctx).tags.red;
      const expected = everyFile(ctx)
        .filter((f) => f.tags.includes(tag))
        .map((f) => f.path);
      const listing = await listInSmallPages(ctx, { tag }, (f) => !expected.includes(f.path));
      expectListed(listing, expected, `exactly the files tagged ${tag}`);
      return notesOf([listing]);
    }),
  ];
}
