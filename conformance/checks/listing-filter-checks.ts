// The seed's two filters judged exactly (core), on every page of a listing
// read in pages of two: prefix means "begins with", case-sensitively, whatever
// the prefix's shape (a folder, a cut mid-segment or mid-name, characters a
// pattern reading treats specially); tag means carrying exactly that tag. On
// the files a bucket already holds (nothing could be uploaded), the tag filter
// is judged by the tags each listed file shows.
import type { CheckRun } from '../plan/check-run.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { listingCheck } from './listing-checks.ts';
import { NotProven } from '../plan/no-verdict.ts';
import { fail } from '../client/assert.ts';
import type { ListedFile } from '../client/read-back.ts';
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

/**
 * The tag filter on files the run did not make, whose tags other checks (of this run, or of another run at once) may
 * change meanwhile: every file a page lists must carry the tag as that very page shows it; a file the run changed
 * itself counts either way.
 */
async function tagOnHeldFiles(ctx: CheckRun, tag: string): Promise<string | undefined> {
  const carries = (f: ListedFile) => (Array.isArray(f.tags) ? f.tags.map(String).includes(tag) : undefined);
  const listing = await listInSmallPages(ctx, { tag }, (f) => carries(f) === false);
  const touched = (await ctx.session.judgeContext()).fileBuckets;
  const pages = listing.pages;
  if (pages.every((p) => p.files.every((f) => carries(f) === undefined)))
    throw new NotProven(`the listing shows no tags, and the run could make no file of its own to know them by`);
  for (const [index, page] of pages.entries()) {
    const stray = page.files.filter((f) => carries(f) === false && !touched.has(String(f.id))).map((f) => f.path);
    if (stray.length)
      fail(
        `only files carrying exactly the tag ${tag}`,
        page.ex,
        `page ${index + 1} of ${pages.length} lists ${stray.slice(0, 4).join(', ')}, whose tags do not hold it`,
      );
  }
  return notesOf([listing]);
}

/** The listing filter checks. */
export function listingFilterChecks(g: GeneratorContext): ReturnType<typeof listingCheck>[] {
  return [
    // Decoys: the same letters in another case, a path holding the prefix later on, and red0.txt, the next path in
    // the bucket, which a filter dropped after the first page lists on the second.
    listingCheck(
      'prefix-honoured',
      'with prefix lists only files whose path begins with it, case-sensitively, on every page',
      'core',
      g,
      async (ctx) => {
        const prefix = fx(ctx).folder;
        return notesOf([await judgePrefix(ctx, prefix, `exactly the files under ${prefix}`)]);
      },
      { borrowable: true },
    ),
    // A server that cuts a prefix back to its last '/' (or reads it as a folder name) lists the whole folder.
    listingCheck(
      'prefix-partial-segment',
      'with a prefix that ends mid-segment or mid-name lists exactly the paths that begin with it, not the folder around it',
      'core',
      g,
      async (ctx) => {
        const listings: PagedListing[] = [];
        for (const prefix of fx(ctx).partial)
          listings.push(await judgePrefix(ctx, prefix, `exactly the files whose path begins with ${prefix}`));
        return notesOf(listings);
      },
      { borrowable: true },
    ),
    listingCheck(
      'prefix-literal-characters',
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
        if (listings.length === 0)
          throw new NotProven(
            fx(ctx).borrowed
              ? 'the run could upload no path holding these characters, and it judges no prefix on files it did not name'
              : `the deployment took no path holding these characters (${why})`,
          );
        const notes = [notesOf(listings), unproven.length ? `not proven for ${unproven.join(' ')} (${why})` : undefined];
        return notes.filter(Boolean).join('; ') || undefined;
      },
      { borrowable: true },
    ),
    // Decoys: tags holding the queried tag inside them (a "2" after it, an "x" before it), and red0.txt, untagged,
    // the next path after the second tagged file.
    listingCheck(
      'tag-honoured',
      'with tag lists only files carrying exactly that tag, on every page',
      'core',
      g,
      async (ctx) => {
        const tag = fx(ctx).tags.red;
        if (fx(ctx).borrowed) return tagOnHeldFiles(ctx, tag);
        const expected = everyFile(ctx)
          .filter((f) => f.tags.includes(tag))
          .map((f) => f.path);
        // Narrowed to the run's own files (every test file lives under the run prefix), so a busy bucket takes no more pages.
        const narrow = fx(ctx).narrow;
        const listing = await listInSmallPages(ctx, narrow ? { tag, prefix: narrow } : { tag }, (f) => !expected.includes(f.path));
        expectListed(listing, expected, `exactly the files tagged ${tag}`);
        return notesOf([listing]);
      },
      { borrowable: true },
    ),
  ];
}
