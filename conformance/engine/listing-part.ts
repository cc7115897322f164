// The listing part of the shared test files: a folder whose filtered listings
// span pages of two, with decoys only a sloppy filter lists (another case, a
// tag holding the tag, a path holding the prefix later on, the next path in
// order), and prefixes holding characters a pattern reading treats specially.
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { Api } from '../run/api.ts';
import { routeById } from '../client/request-builder.ts';
import { listFiles, pollUntil } from '../client/read-back.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { DisposableFiles, FixtureFile, LiteralCase, SharedFixtures } from '../plan/fixture-types.ts';
import { SetupError } from '../client/setup-error.ts';

type Listing = NonNullable<SharedFixtures['listing']>;

/**
 * Each special character: the prefix's last segment, the file that begins with it, and a decoy only the named
 * reading lists. `[` and `(` stay unbalanced: a regular expression built from them does not compile, and the prefix
 * must still be served; their decoy drops the character, as a server that strips what it cannot escape would.
 */
const LITERAL = [
  { char: '.', prefix: 'a.b', file: 'a.b.txt', decoy: 'aXb.txt', reading: 'a regular expression (. is any character)' },
  { char: '*', prefix: 'b*c', file: 'b*c.txt', decoy: 'bbc.txt', reading: 'a regular expression or a glob (* repeats)' },
  { char: '?', prefix: 'c?d', file: 'c?d.txt', decoy: 'cd.txt', reading: 'a regular expression (? makes c optional)' },
  { char: '+', prefix: 'd+e', file: 'd+e.txt', decoy: 'dde.txt', reading: 'a regular expression (+ repeats)' },
  { char: '[', prefix: 'e[', file: 'e[1].txt', decoy: 'e1.txt', reading: 'a pattern reading that drops the unbalanced [' },
  { char: '(', prefix: 'f(', file: 'f(2).txt', decoy: 'f2.txt', reading: 'a pattern reading that drops the unbalanced (' },
  { char: '%', prefix: 'g%', file: 'g%h.txt', decoy: 'gzz.txt', reading: 'SQL LIKE (% is any run of characters)' },
] as const;

/** Makes the listing files, concurrently, and waits until the tag filters list the tagged ones. */
export async function makeListing(
  api: Api,
  settings: RunSettings,
  files: DisposableFiles,
  names: { token: string; word: string },
): Promise<Listing> {
  const tags = { red: `bk-${names.token}-red`, blue: `bk-${names.token}-blue` };
  const { word } = names;
  const prefix = `${settings.runPrefix}list/`;
  const make = (path: string, tagList: string[] = [], description?: string) =>
    files.create('allowed', { path, tags: tagList.length ? tagList : undefined, description });
  const literalFolder = `${settings.runPrefix}odd/`;
  const refused: { path: string; why: string }[] = [];
  // A path with these characters is legal in the contract (G23), but the seed says only "path": a deployment
  // that refuses one leaves its case unproven instead of failing the whole part.
  const makeLiteral = (name: string) =>
    make(`${literalFolder}${name}`).catch((error: unknown) => {
      if (!(error instanceof SetupError)) throw error;
      refused.push({ path: `${literalFolder}${name}`, why: error.message });
      return undefined;
    });
  const [listed, outside, literal] = await Promise.all([
    Promise.all([
      // In another case than red/: a case-blind prefix lists it.
      make(`${prefix}Red/five.txt`),
      make(`${prefix}blue/${word}-four.txt`),
      // Tags holding the red tag inside them.
      make(`${prefix}blue/seven.txt`, [`x${tags.red}`]),
      make(`${prefix}blue/six.txt`, [`${tags.red}2`]),
      make(`${prefix}blue/three.txt`, [tags.blue], 'Nothing to find here'),
      // Three red files: limit=2 puts the last one on a second page.
      make(`${prefix}red/one.txt`, [tags.red], `Quarterly ${word} figures`),
      make(`${prefix}red/three.txt`, [tags.red]),
      make(`${prefix}red/two.txt`, [tags.red, tags.blue]),
      // The next path after red/ in the bucket: a filter dropped after the first page lists it on the second
      // (with prefix red/ and with the red tag alike), and so does a folder prefix read without its '/'.
      make(`${prefix}red0.txt`),
    ]),
    // A path holding the "red/" prefix later on, not at its start.
    Promise.all([make(`${settings.runPrefix}decoy/${prefix}red/eight.txt`)]),
    Promise.all(LITERAL.flatMap((c) => [makeLiteral(c.file), makeLiteral(c.decoy)])),
  ]);
  const made = literal.filter((f): f is FixtureFile => f !== undefined);
  const cases: LiteralCase[] = LITERAL.map((c) => ({
    char: c.char,
    prefix: `${literalFolder}${c.prefix}`,
    file: `${literalFolder}${c.file}`,
    decoy: `${literalFolder}${c.decoy}`,
    reading: c.reading,
  }));
  const listing: Listing = {
    prefix,
    folder: `${prefix}red/`,
    partial: [`${prefix}re`, `${prefix}red/on`],
    narrow: settings.runPrefix,
    files: listed,
    tags,
    word,
    outside,
    literal: { cases, files: made, refused },
  };
  await untilTagsListed(api, settings, listing);
  return listing;
}

/** Waits until a tag filter lists the files just tagged with it: the seed does not say a tag is searchable at once. */
async function untilTagsListed(api: Api, settings: RunSettings, listing: Listing): Promise<void> {
  const key = pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets.allowed);
  if (!key) return;
  const windowMs = overrideOf(settings.overrides, 'consistencyWindowMs');
  for (const tag of Object.values(listing.tags)) {
    const want = listing.files.filter((f) => f.tags.includes(tag)).map((f) => f.path);
    const seen = await pollUntil(async () => {
      const { items } = await listFiles(api, settings, key, 'allowed', { tag, prefix: listing.prefix });
      return want.every((path) => items.some((f) => f.path === path));
    }, windowMs);
    // Past the window the listing checks judge what the server shows; the tag checks then fail with the listing.
    if (!seen) return;
  }
}
